import { describe, expect, it } from 'vitest'
import { toRecordingRow } from '@/data/normalize/recording'
import { fixtureRecordings } from '@/mocks/fixtures'
import { mergeDuplicates } from '@/data/normalize/recording'
import { activeHeaderIndex, groupByDay, headerIndexes, type ListItem } from './listItems'

const row = (id: string, recordingAt?: string) => toRecordingRow({ id, title: id, recordingAt })
const labels = (items: ListItem[]) => items.map((i) => (i.kind === 'header' ? `# ${i.label}` : i.row.id))

describe('date grouping', () => {
  it('puts rows of one UTC day under one long-form heading, zone-less timestamps as UTC', () => {
    const items = groupByDay(
      [row('a', '2026-11-17T23:30:00Z'), row('b', '2026-11-17T00:10:00'), row('c', '2026-11-16T23:59:59'), row('d')],
      'UTC',
    )
    expect(labels(items)).toEqual(['# November 17, 2026', 'a', 'b', '# November 16, 2026', 'c', '# Unknown date', 'd'])
  })

  it('groups by the reader’s zone when given one', () => {
    const items = groupByDay(
      [row('a', '2026-11-17T03:00:00Z'), row('b', '2026-11-16T20:00:00Z')],
      'America/Los_Angeles',
    )
    expect(labels(items)).toEqual(['# November 16, 2026', 'a', 'b'])
  })

  it('keeps first-appearance order for ranked results', () => {
    const items = groupByDay(
      [row('x', '2026-01-02T10:00:00Z'), row('y', '2026-05-01T10:00:00Z'), row('z', '2026-01-02T08:00:00Z')],
      'UTC',
    )
    expect(labels(items)).toEqual(['# January 2, 2026', 'x', 'z', '# May 1, 2026', 'y'])
  })

  it('groups the fixtures’ shared days (Nov 17: 01, 02, 03; Oct 29: 17, 18)', () => {
    const rows = mergeDuplicates(fixtureRecordings()).map(toRecordingRow)
    const items = groupByDay(rows, 'UTC')
    const under = (label: string) => {
      const start = items.findIndex((i) => i.kind === 'header' && i.label === label)
      const next = items.findIndex((i, n) => n > start && i.kind === 'header')
      return items.slice(start + 1, next === -1 ? undefined : next).map((i) => (i.kind === 'row' ? i.row.id : ''))
    }
    expect(under('November 17, 2026').sort()).toEqual([
      'rec_01_weekly_sync',
      'rec_02_one_on_one_leo',
      'rec_03_interview_frontend',
    ])
    expect(under('October 29, 2026').sort()).toEqual(['rec_17_untitled_flaky_tests', 'rec_18_empty_title_standup'])
    expect(items.filter((i) => i.kind === 'row')).toHaveLength(25)
  })
})

describe('sticky heading', () => {
  it('is the last heading at or above the first visible item', () => {
    const items = groupByDay(
      [row('a', '2026-11-17T10:00:00Z'), row('b', '2026-11-17T09:00:00Z'), row('c', '2026-11-16T10:00:00Z')],
      'UTC',
    )
    const headers = headerIndexes(items)
    expect(headers).toEqual([0, 3])
    expect(activeHeaderIndex(headers, 0)).toBe(0)
    expect(activeHeaderIndex(headers, 2)).toBe(0)
    expect(activeHeaderIndex(headers, 3)).toBe(3)
    expect(activeHeaderIndex(headers, 4)).toBe(3)
  })
})
