import { argbToRgba, type MeshGradient } from '@/data/normalize/gradient'

/**
 * Rasterises a 3×3 mesh gradient: each of the four grid cells is split into
 * two triangles and every pixel takes the barycentric blend of its triangle's
 * three vertex colours (Gouraud shading), which is what a mesh gradient is.
 * Pixels the mesh does not cover (vertices off the edges) take the colour of
 * the nearest triangle's closest point, so the square is always filled.
 */

type Point = { x: number; y: number }
type Rgba = [number, number, number, number]
interface Triangle {
  a: Point
  b: Point
  c: Point
  ca: Rgba
  cb: Rgba
  cc: Rgba
  /** Twice the signed area; zero for a degenerate triangle. */
  det: number
}

export function meshTriangles(mesh: MeshGradient): Triangle[] {
  const v = (row: number, col: number) => row * 3 + col
  const triangles: Triangle[] = []
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 2; col++) {
      const tl = v(row, col)
      const tr = v(row, col + 1)
      const bl = v(row + 1, col)
      const br = v(row + 1, col + 1)
      triangles.push(triangle(mesh, tl, tr, br), triangle(mesh, tl, br, bl))
    }
  }
  return triangles.filter((t) => t.det !== 0)
}

function triangle(mesh: MeshGradient, i: number, j: number, k: number): Triangle {
  const a = mesh.vertices[i]!
  const b = mesh.vertices[j]!
  const c = mesh.vertices[k]!
  const det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
  return { a, b, c, det, ca: argbToRgba(mesh.colors[i]!), cb: argbToRgba(mesh.colors[j]!), cc: argbToRgba(mesh.colors[k]!) }
}

/** Barycentric weights of p in t (they sum to 1; all ≥ 0 inside). */
function weights(t: Triangle, p: Point): [number, number, number] {
  const w1 = ((t.b.y - t.c.y) * (p.x - t.c.x) + (t.c.x - t.b.x) * (p.y - t.c.y)) / t.det
  const w2 = ((t.c.y - t.a.y) * (p.x - t.c.x) + (t.a.x - t.c.x) * (p.y - t.c.y)) / t.det
  return [w1, w2, 1 - w1 - w2]
}

/** The colour at p: inside a triangle exactly, else clamped from the least-outside one. */
export function colorAt(triangles: Triangle[], p: Point): Rgba {
  let best: Triangle | undefined
  let bestW: [number, number, number] = [1, 0, 0]
  let bestMin = -Infinity
  for (const t of triangles) {
    const w = weights(t, p)
    const min = Math.min(w[0], w[1], w[2])
    if (min > bestMin) {
      best = t
      bestW = w
      bestMin = min
      if (min >= 0) break
    }
  }
  if (!best) return [0, 0, 0, 0]
  const clamped = bestW.map((w) => Math.max(0, w))
  const sum = clamped[0]! + clamped[1]! + clamped[2]!
  const [w1, w2, w3] = clamped.map((w) => w / sum) as [number, number, number]
  const mix = (ch: 0 | 1 | 2 | 3) => Math.round(best.ca[ch] * w1 + best.cb[ch] * w2 + best.cc[ch] * w3)
  return [mix(0), mix(1), mix(2), mix(3)]
}

/** RGBA pixels (row-major, sampled at pixel centres) of the mesh at width × height. */
export function meshPixels(mesh: MeshGradient, width: number, height: number): Uint8ClampedArray {
  const triangles = meshTriangles(mesh)
  const out = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rgba = colorAt(triangles, { x: (x + 0.5) / width, y: (y + 0.5) / height })
      out.set(rgba, (y * width + x) * 4)
    }
  }
  return out
}
