import { describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { formatCountdown, useCountdown } from './useCountdown'

describe('countdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(600)).toBe('10:00')
    expect(formatCountdown(599)).toBe('9:59')
    expect(formatCountdown(61)).toBe('1:01')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-3)).toBe('0:00')
  })

  it('counts down from expiresIn to 0 and stops', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCountdown(3, 1))
    expect(result.current).toBe(3)
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current).toBe(2)
    act(() => void vi.advanceTimersByTime(5000))
    expect(result.current).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('restarts when the reset key changes', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ key }) => useCountdown(10, key), { initialProps: { key: 1 } })
    act(() => void vi.advanceTimersByTime(4000))
    expect(result.current).toBe(6)
    rerender({ key: 2 })
    expect(result.current).toBe(10)
  })

  it('follows the clock, not the number of ticks (throttled tabs)', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCountdown(600, 1))
    act(() => {
      vi.setSystemTime(Date.now() + 120_000) // the tab slept for two minutes
      vi.advanceTimersByTime(1000)
    })
    expect(result.current).toBe(479)
  })
})
