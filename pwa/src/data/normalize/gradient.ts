import { asArray, asObject } from './loose'

/**
 * A recording's thumbnail gradient (spec §3 gradientData): nine ARGB colours on
 * nine vertices of a 3×3 grid, row by row, coordinates in 0..1.
 */
export interface MeshGradient {
  /** 32-bit ARGB integers (0xAARRGGBB). */
  colors: number[]
  vertices: { x: number; y: number }[]
}

const MESH_SIZE = 9
const MAX_ARGB = 0xffffffff

/**
 * The gradient when it is usable, else null (the caller draws the purple-blue
 * fallback): exactly 9 integer ARGB colours and 9 vertices with finite x and y
 * in 0..1 (spec §5). Colours given as strings ('#FF8A65', 'orange') are not
 * the spec's shape and make the whole gradient fall back.
 */
export function parseGradient(gradientData: unknown): MeshGradient | null {
  const data = asObject(gradientData)
  if (!data) return null
  const colors = asArray(data.colors)
  const vertices = asArray(data.vertices)
  if (!colors || !vertices || colors.length !== MESH_SIZE || vertices.length !== MESH_SIZE) return null
  if (!colors.every(isArgb)) return null
  const points = vertices.map(toPoint)
  if (points.some((p) => p === null)) return null
  return { colors: colors, vertices: points as { x: number; y: number }[] }
}

function isArgb(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ARGB
}

function toPoint(value: unknown): { x: number; y: number } | null {
  const p = asObject(value)
  if (!p) return null
  const { x, y } = p
  if (!isUnit(x) || !isUnit(y)) return null
  return { x, y }
}

function isUnit(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1
}

/** [r, g, b, a] bytes of an ARGB integer. */
export function argbToRgba(argb: number): [number, number, number, number] {
  return [(argb >>> 16) & 0xff, (argb >>> 8) & 0xff, argb & 0xff, (argb >>> 24) & 0xff]
}
