import { describe, expect, it } from 'vitest'
import type { MeshGradient } from '@/data/normalize/gradient'
import { colorAt, meshPixels, meshTriangles } from './mesh'

const RED = 0xffff0000
const BLUE = 0xff0000ff
const regular = (colors: number[]): MeshGradient => ({
  colors,
  vertices: Array.from({ length: 9 }, (_, i) => ({ x: (i % 3) / 2, y: Math.floor(i / 3) / 2 })),
})

describe('mesh gradient', () => {
  it('splits the 3×3 grid into 8 triangles', () => {
    expect(meshTriangles(regular(Array<number>(9).fill(RED)))).toHaveLength(8)
  })

  it('takes each vertex colour exactly at the vertex', () => {
    const colors = [RED, BLUE, RED, BLUE, 0xff00ff00, BLUE, RED, BLUE, RED]
    const triangles = meshTriangles(regular(colors))
    expect(colorAt(triangles, { x: 0.5, y: 0.5 })).toEqual([0, 255, 0, 255])
    expect(colorAt(triangles, { x: 0, y: 0 })).toEqual([255, 0, 0, 255])
    expect(colorAt(triangles, { x: 0.5, y: 0 })).toEqual([0, 0, 255, 255])
  })

  it('blends linearly between vertices (a real mesh, not flat patches)', () => {
    // Left column red, right column blue, middle column purple-ish by interpolation.
    const colors = [RED, 0xff800080, BLUE, RED, 0xff800080, BLUE, RED, 0xff800080, BLUE]
    const triangles = meshTriangles(regular(colors))
    const [r, , b] = colorAt(triangles, { x: 0.25, y: 0.3 })
    expect(r).toBeGreaterThan(180)
    expect(b).toBeGreaterThan(50)
    expect(b).toBeLessThan(80)
  })

  it('moves colours with displaced vertices', () => {
    const colors = [RED, RED, RED, RED, BLUE, RED, RED, RED, RED]
    const centred = regular(colors)
    const shifted: MeshGradient = {
      colors,
      vertices: centred.vertices.map((v, i) => (i === 4 ? { x: 0.8, y: 0.8 } : v)),
    }
    const at = (m: MeshGradient) => colorAt(meshTriangles(m), { x: 0.75, y: 0.75 })[2]
    expect(at(shifted)).toBeGreaterThan(at(centred))
  })

  it('fills every pixel, even where vertices leave the edges uncovered', () => {
    const colors = Array<number>(9).fill(0xff336699)
    const inset: MeshGradient = {
      colors,
      vertices: regular(colors).vertices.map((v) => ({ x: 0.2 + v.x * 0.6, y: 0.2 + v.y * 0.6 })),
    }
    const pixels = meshPixels(inset, 8, 8)
    expect(pixels).toHaveLength(8 * 8 * 4)
    for (let i = 0; i < pixels.length; i += 4) expect([...pixels.slice(i, i + 4)]).toEqual([0x33, 0x66, 0x99, 0xff])
  })
})
