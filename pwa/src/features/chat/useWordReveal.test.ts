import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { splitWords, useWordReveal, WORD_MS } from './useWordReveal'

function reducedMotion(on: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: on && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

afterEach(() => vi.useRealTimers())

describe('typing reveal', () => {
  it('splits words keeping all whitespace', () => {
    expect(splitWords('a  b\nc ').join('')).toBe('a  b\nc ')
    expect(splitWords('a  b\nc ')).toHaveLength(3)
  })

  it('reveals one word every 50 ms, then reports done', () => {
    vi.useFakeTimers()
    reducedMotion(false)
    const { result } = renderHook(() => useWordReveal('one two **three** four', true))
    expect(result.current).toEqual({ shown: '', done: false })
    act(() => void vi.advanceTimersByTime(WORD_MS))
    expect(result.current.shown).toBe('one ')
    act(() => void vi.advanceTimersByTime(WORD_MS * 2))
    expect(result.current).toEqual({ shown: 'one two **three** ', done: false })
    act(() => void vi.advanceTimersByTime(WORD_MS))
    expect(result.current).toEqual({ shown: 'one two **three** four', done: true })
  })

  it('shows everything at once with reduced motion, or for an old message', () => {
    vi.useFakeTimers()
    reducedMotion(true)
    expect(renderHook(() => useWordReveal('one two', true)).result.current).toEqual({ shown: 'one two', done: true })
    reducedMotion(false)
    expect(renderHook(() => useWordReveal('one two', false)).result.current).toEqual({ shown: 'one two', done: true })
  })
})
