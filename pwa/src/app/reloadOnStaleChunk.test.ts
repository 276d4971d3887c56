import { describe, expect, it, vi } from 'vitest'
import { reloadOnStaleChunk } from './reloadOnStaleChunk'

function setup() {
  const target = new EventTarget()
  const store = new Map<string, string>()
  const clock = { now: 1_000_000 }
  const reload = vi.fn()
  const network = { online: true }
  reloadOnStaleChunk({
    target: target as unknown as Window,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload,
    now: () => clock.now,
    isOnline: () => network.online,
  })
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true })
    target.dispatchEvent(event)
    return event
  }
  return { reload, clock, fail, network }
}

describe('reloadOnStaleChunk', () => {
  it('reloads once when a chunk of an older build is gone, and keeps the error from showing', () => {
    const s = setup()
    expect(s.fail().defaultPrevented).toBe(true)
    expect(s.reload).toHaveBeenCalledTimes(1)
  })

  it('does not loop: a failure right after the reload is left to show', () => {
    const s = setup()
    s.fail()
    s.clock.now += 5_000
    expect(s.fail().defaultPrevented).toBe(false)
    expect(s.reload).toHaveBeenCalledTimes(1)
  })

  it('reloads again for a later deploy', () => {
    const s = setup()
    s.fail()
    s.clock.now += 10 * 60_000
    s.fail()
    expect(s.reload).toHaveBeenCalledTimes(2)
  })

  it('offline, a chunk that fails is not a deploy: no reload, and a later deploy still reloads', () => {
    const s = setup()
    s.network.online = false
    expect(s.fail().defaultPrevented).toBe(false)
    expect(s.reload).not.toHaveBeenCalled()
    s.network.online = true
    s.fail()
    expect(s.reload).toHaveBeenCalledTimes(1)
  })
})
