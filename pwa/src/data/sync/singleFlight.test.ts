import { describe, expect, it } from 'vitest'
import { singleFlight } from './singleFlight'

function deferredRuns() {
  const pending: Array<() => void> = []
  let runs = 0
  const run = () =>
    new Promise<number>((resolve) => {
      const n = ++runs
      pending.push(() => resolve(n))
    })
  return { run, pending, runs: () => runs }
}

describe('singleFlight', () => {
  it('shares one run between concurrent calls, and queues one more for calls made during it', async () => {
    const d = deferredRuns()
    const call = singleFlight(d.run)
    const a = call()
    const b = call()
    const c = call()
    expect(d.runs()).toBe(1)
    d.pending.shift()!()
    expect(await a).toBe(1)
    await Promise.resolve()
    await Promise.resolve()
    expect(d.runs()).toBe(2) // b and c share the follow-up run
    d.pending.shift()!()
    expect(await b).toBe(2)
    expect(await c).toBe(2)
  })

  it('starts afresh once idle, even after a failed run', async () => {
    let n = 0
    const call = singleFlight(async () => {
      n++
      if (n === 1) throw new Error('boom')
      return n
    })
    await expect(call()).rejects.toThrow('boom')
    expect(await call()).toBe(2)
  })
})
