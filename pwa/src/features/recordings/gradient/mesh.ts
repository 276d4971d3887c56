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
  return {
    a,
    b,
    c,
    det,
    ca: argbToRgba(mesh.colors[i]!),
    cb: argbToRgba(mesh.colors[j]!),
    cc: argbToRgba(mesh.colors[k]!),
  }
}

/**
 * Writes the colour at (px, py) into out[at..at+3]: inside a triangle exactly,
 * else clamped from the least-outside one. No allocation per pixel: this runs
 * for every pixel of every thumbnail the list first paints, at start-up, before
 * the JIT has warmed up, where allocating arrays per pixel made it cost
 * 10–40 ms a thumbnail.
 */
function blendInto(triangles: Triangle[], px: number, py: number, out: Uint8ClampedArray | Rgba, at: number): void {
  let best: Triangle | undefined
  let w1 = 1
  let w2 = 0
  let w3 = 0
  let bestMin = -Infinity
  for (const t of triangles) {
    // Barycentric weights of the point in t (they sum to 1; all ≥ 0 inside).
    const a = ((t.b.y - t.c.y) * (px - t.c.x) + (t.c.x - t.b.x) * (py - t.c.y)) / t.det
    const b = ((t.c.y - t.a.y) * (px - t.c.x) + (t.a.x - t.c.x) * (py - t.c.y)) / t.det
    const c = 1 - a - b
    const min = Math.min(a, b, c)
    if (min > bestMin) {
      best = t
      w1 = a
      w2 = b
      w3 = c
      bestMin = min
      if (min >= 0) break
    }
  }
  if (!best) {
    out[at] = out[at + 1] = out[at + 2] = out[at + 3] = 0
    return
  }
  w1 = Math.max(0, w1)
  w2 = Math.max(0, w2)
  w3 = Math.max(0, w3)
  const sum = w1 + w2 + w3
  w1 /= sum
  w2 /= sum
  w3 /= sum
  for (let ch = 0; ch < 4; ch++) out[at + ch] = Math.round(best.ca[ch]! * w1 + best.cb[ch]! * w2 + best.cc[ch]! * w3)
}

/** The colour at p: inside a triangle exactly, else clamped from the least-outside one. */
export function colorAt(triangles: Triangle[], p: Point): Rgba {
  const rgba: Rgba = [0, 0, 0, 0]
  blendInto(triangles, p.x, p.y, rgba, 0)
  return rgba
}

/** RGBA pixels (row-major, sampled at pixel centres) of the mesh at width × height. */
export function meshPixels(mesh: MeshGradient, width: number, height: number): Uint8ClampedArray {
  const triangles = meshTriangles(mesh)
  const out = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      blendInto(triangles, (x + 0.5) / width, (y + 0.5) / height, out, (y * width + x) * 4)
  }
  return out
}
