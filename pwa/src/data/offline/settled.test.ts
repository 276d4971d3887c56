import { describe, expect, it } from 'vitest'
import { whenSettled, type IdleDeadlineLike, type SettleClock } from './settled'

/** A clock driven by the test: each idle callback is answered with the next scripted idle period. */
function scriptedClock(periods: number[], msPerPeriod = 50) {
  let now = 0
  let loaded!: () => void
  const loadedPromise = new Promise<void>((r) => (loaded = r))
  const pending: ((d: IdleDeadlineLike) => void)[] = []
  const clock: SettleClock = {
    loaded: () => loadedPromise,
    idle: (cb) => pending.push(cb),
    now: () => now,
  }
  /** Answers idle callbacks until none is waiting or the script runs out; returns how many ran. */
  const drive = async () => {
    let ran = 0
    await Promise.resolve()
    while (pending.length && ran < periods.length) {
      const remaining = periods[ran++] ?? 0
      now += msPerPeriod
      pending.shift()!({ timeRemaining: () => remaining })
      await Promise.resolve()
    }
    return ran
  }
  return { clock, load: () => loaded(), drive }
}

const track = (p: Promise<void>) => {
  const state = { done: false }
  void p.then(() => (state.done = true))
  return state
}

describe('whenSettled', () => {
  it('waits for the load event before counting idle time', async () => {
    const s = scriptedClock(Array<number>(20).fill(50))
    const settled = track(whenSettled(s.clock))
    expect(await s.drive()).toBe(0)
    expect(settled.done).toBe(false)
    s.load()
    await s.drive()
    await Promise.resolve()
    expect(settled.done).toBe(true)
  })

  it('needs ten whole idle periods in a row: a busy period starts the count again', async () => {
    const busyThenQuiet = [50, 50, 50, 50, 50, 50, 50, 50, 50, 3, ...Array<number>(9).fill(50)]
    const s = scriptedClock(busyThenQuiet)
    s.load()
    const settled = track(whenSettled(s.clock))
    await s.drive()
    await Promise.resolve()
    expect(settled.done).toBe(false)

    const s2 = scriptedClock([...busyThenQuiet, 50])
    s2.load()
    const settled2 = track(whenSettled(s2.clock))
    expect(await s2.drive()).toBe(20)
    await Promise.resolve()
    expect(settled2.done).toBe(true)
  })

  it('gives up waiting after the longest wait on a page that is never idle', async () => {
    const s = scriptedClock(Array<number>(300).fill(2), 50)
    s.load()
    const settled = track(whenSettled(s.clock, 1000))
    const ran = await s.drive()
    await Promise.resolve()
    expect(settled.done).toBe(true)
    expect(ran).toBe(20)
  })
})
