import { describe, expect, it } from 'vitest'
import { backoffDelay, LIVE_BACKOFF, OUTBOX_BACKOFF } from './backoff'

describe('backoffDelay', () => {
  it('doubles up to the cap', () => {
    const top = () => 0.999999
    const waits = Array.from({ length: 12 }, (_, i) => Math.round(backoffDelay(i, OUTBOX_BACKOFF, top) / 1000))
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
  })

  it('is jittered over the whole range (full jitter), never above the ceiling', () => {
    expect(backoffDelay(3, LIVE_BACKOFF, () => 0)).toBe(0)
    expect(backoffDelay(3, LIVE_BACKOFF, () => 0.5)).toBe(2000)
    expect(backoffDelay(1000, LIVE_BACKOFF, () => 0.999999)).toBeLessThanOrEqual(30_000)
  })
})
