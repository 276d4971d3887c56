import { describe, expect, it } from 'vitest'
import { parseTimestamp, toSortableTime } from './time'

describe('timestamps', () => {
  it('without a zone are UTC', () => {
    expect(toSortableTime('2026-11-16T15:30:00')).toBe('2026-11-16T15:30:00.000Z')
    expect(toSortableTime('2026-11-16T15:30:00Z')).toBe('2026-11-16T15:30:00.000Z')
    expect(toSortableTime('2026-11-16T15:30:00+01:00')).toBe('2026-11-16T14:30:00.000Z')
    expect(toSortableTime('2026-11-16')).toBe('2026-11-16T00:00:00.000Z')
  })

  it('unparseable values give NaN / empty', () => {
    expect(parseTimestamp(undefined)).toBeNaN()
    expect(parseTimestamp('soon')).toBeNaN()
    expect(toSortableTime(null)).toBe('')
  })
})
