import { describe, expect, it, vi } from 'vitest'
import type { MeshGradient } from '@/data/normalize/gradient'
import { drawnMesh, meshPreview, meshQueue } from './meshImage'

const mesh = (seed: number): MeshGradient => ({
  colors: Array.from({ length: 9 }, (_, i) => (0xff000000 | (seed * 40 + i * 20)) >>> 0),
  vertices: Array.from({ length: 9 }, (_, i) => ({ x: (i % 3) / 2, y: Math.floor(i / 3) / 2 })),
})

/** An idle runner that runs nothing until the test says so, each period with the time left it is given. */
function manualIdle() {
  const pending: ((timeLeft: () => number) => void)[] = []
  return {
    idle: (work: (timeLeft: () => number) => void) => void pending.push(work),
    periods: () => pending.length,
    runPeriod(ms: number) {
      pending.shift()!(() => ms)
    },
  }
}

describe('thumbnails drawn in idle time', () => {
  it('draws nothing in the render that asks; the next idle period draws as many as fit', () => {
    const clock = manualIdle()
    const queue = meshQueue(clock.idle)
    const done = vi.fn()
    for (let i = 0; i < 3; i++) queue.request(`q1-${i}`, mesh(i), done)
    expect(done).not.toHaveBeenCalled()
    expect(clock.periods()).toBe(1)
    clock.runPeriod(50)
    expect(done).toHaveBeenCalledTimes(3)
    // Drawn once, they are shown at once from then on (null here: jsdom has no canvas).
    expect(drawnMesh('q1-0', mesh(0))).toBeNull()
    expect(drawnMesh('q1-0', mesh(9))).toBeUndefined()
  })

  it('draws at least one per idle period on a busy page, and goes on in the next', () => {
    const clock = manualIdle()
    const queue = meshQueue(clock.idle)
    const done = vi.fn()
    for (let i = 0; i < 3; i++) queue.request(`q2-${i}`, mesh(i), done)
    clock.runPeriod(0)
    expect(done).toHaveBeenCalledTimes(1)
    clock.runPeriod(0)
    clock.runPeriod(0)
    expect(done).toHaveBeenCalledTimes(3)
    expect(clock.periods()).toBe(0)
  })

  it('skips a row that left the screen before its turn', () => {
    const clock = manualIdle()
    const queue = meshQueue(clock.idle)
    const kept = vi.fn()
    const gone = vi.fn()
    const cancel = queue.request('q3-gone', mesh(1), gone)
    queue.request('q3-kept', mesh(2), kept)
    cancel()
    clock.runPeriod(50)
    expect(gone).not.toHaveBeenCalled()
    expect(kept).toHaveBeenCalledOnce()
  })

  it('previews a mesh with its corner and centre colours', () => {
    const m: MeshGradient = {
      colors: [0xff8b5cf6, 0, 0, 0, 0x806366f1, 0, 0, 0, 0xff3b82f6],
      vertices: mesh(0).vertices,
    }
    expect(meshPreview(m)).toBe(
      'linear-gradient(135deg, rgba(139, 92, 246, 1.000), rgba(99, 102, 241, 0.502), rgba(59, 130, 246, 1.000))',
    )
  })
})
