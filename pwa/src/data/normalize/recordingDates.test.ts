import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setReadersZone } from '@/test/readersZone'
import { parseTimestamp } from '../time'
import { dayKey, durationLabel, formatDayHeading, formatShortDateTime, recordedAt } from './recordingDates'

describe('duration labels (spec §9)', () => {
  it.each([
    [0, '0 secs'],
    [1, '1 secs'],
    [59, '59 secs'],
    [59.9, '59 secs'],
    [60, '1 min'],
    [333, '5 min'],
    [3557, '59 min'],
    [3600, '1 hr 0 min'],
    [3661, '1 hr 1 min'],
    [7325, '2 hr 2 min'],
    ['120', '2 min'],
  ])('%s s → %s', (seconds, label) => {
    expect(durationLabel(seconds)).toBe(label)
  })

  it('has no label without a usable duration', () => {
    for (const bad of [undefined, null, '', 'long', -5, Number.NaN, Infinity]) expect(durationLabel(bad)).toBeNull()
  })
})

describe('dates', () => {
  const at = (s: string) => parseTimestamp(s)

  it('use recordingAt, else createdAt, else updatedAt; zone-less is UTC', () => {
    expect(recordedAt({ recordingAt: '2026-11-16T15:30:00', createdAt: '2020-01-01T00:00:00Z' })).toBe(
      at('2026-11-16T15:30:00Z'),
    )
    expect(recordedAt({ recordingAt: 'soon', createdAt: '2026-01-02T03:04:05Z' })).toBe(at('2026-01-02T03:04:05Z'))
    expect(recordedAt({ updatedAt: '2026-01-02' })).toBe(at('2026-01-02T00:00:00Z'))
    expect(recordedAt({})).toBeNaN()
  })

  it('format the detail pill as MMM d, H:mm, else Unknown date', () => {
    expect(formatShortDateTime(at('2026-11-17T09:30:00Z'), 'UTC')).toBe('Nov 17, 9:30')
    expect(formatShortDateTime(at('2026-11-16T15:30:00'), 'UTC')).toBe('Nov 16, 15:30')
    expect(formatShortDateTime(at('2026-01-05T00:05:00Z'), 'UTC')).toBe('Jan 5, 0:05')
    expect(formatShortDateTime(NaN, 'UTC')).toBe('Unknown date')
  })

  it('head groups with the long US date of the day in the display zone', () => {
    expect(formatDayHeading(at('2026-11-17T09:30:00Z'), 'UTC')).toBe('November 17, 2026')
    // 02:00 UTC on the 17th is still the 16th in New York.
    expect(formatDayHeading(at('2026-11-17T02:00:00Z'), 'America/New_York')).toBe('November 16, 2026')
    expect(dayKey(at('2026-11-17T02:00:00Z'), 'UTC')).toBe('2026-11-17')
    expect(dayKey(at('2026-11-17T02:00:00Z'), 'America/New_York')).toBe('2026-11-16')
    expect(formatDayHeading(NaN)).toBe('Unknown date')
  })

  it("follow the reader's zone when it changes while the app runs", () => {
    const moment = at('2026-11-17T04:00:00Z')
    setReadersZone('UTC')
    expect(dayKey(moment)).toBe('2026-11-17')
    setReadersZone('America/Los_Angeles')
    expect(dayKey(moment)).toBe('2026-11-16')
  })

  // The reader's zone and UTC are worked out with Date's getters, other zones
  // with Intl: every path must print what Intl's en-US formats print.
  it("print what Intl prints, in the reader's zone, UTC and pinned zones, across DST changes and centuries", () => {
    const intl = (timeZone?: string) => {
      const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone })
      const short = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      })
      const key = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone })
      return (ms: number) => {
        const p = Object.fromEntries(short.formatToParts(ms).map((x) => [x.type, x.value]))
        return {
          heading: long.format(ms),
          short: `${p.month} ${p.day}, ${Number(p.hour) % 24}:${p.minute}`,
          key: key.format(ms),
        }
      }
    }
    const instants = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2199, 11, 31) })
    for (const zone of [undefined, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const expected = intl(zone)
      fc.assert(
        fc.property(instants, (ms) => {
          expect({
            heading: formatDayHeading(ms, zone),
            short: formatShortDateTime(ms, zone),
            key: dayKey(ms, zone),
          }).toEqual(expected(ms))
        }),
        { numRuns: 300 },
      )
    }
  })
})
