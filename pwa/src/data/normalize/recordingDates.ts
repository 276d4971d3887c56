import { parseTimestamp } from '../time'

/**
 * Dates and durations as the recordings screens print them (spec §2, §9).
 * Timestamps without a zone are UTC (parseTimestamp); they are shown in the
 * reader's own time zone unless a caller pins one (tests pin 'UTC').
 */

const UNKNOWN_DATE = 'Unknown date'

/** The moment a recording was made: recordingAt, else createdAt, else updatedAt; NaN when none parses. */
export function recordedAt(recording: { recordingAt?: unknown; createdAt?: unknown; updatedAt?: unknown }): number {
  for (const value of [recording.recordingAt, recording.createdAt, recording.updatedAt]) {
    const ms = parseTimestamp(value)
    if (!Number.isNaN(ms)) return ms
  }
  return NaN
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** A moment's calendar date and wall-clock time in one zone (month 1–12, hour 0–23). */
interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

/**
 * The wall clock in the reader's zone (no zone given) or UTC comes from
 * Date's own getters: building an Intl formatter costs tens of milliseconds
 * on a phone, on the list's first render. Other pinned zones go through Intl.
 */
function wallClock(ms: number, timeZone?: string): WallClock {
  const d = new Date(ms)
  if (timeZone === undefined) {
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    }
  }
  if (timeZone === 'UTC') {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
    }
  }
  const parts = zoneFormatter(timeZone).formatToParts(ms)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? NaN)
  // Some engines write midnight as 24 even with h23.
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') }
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>()
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone)
  if (!f) {
    const numeric = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const
    f = new Intl.DateTimeFormat('en-US', { ...numeric, hourCycle: 'h23', timeZone })
    zoneFormatters.set(timeZone, f)
  }
  return f
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** Long US date for the list's group headings: 'November 17, 2026'. */
export function formatDayHeading(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return UNKNOWN_DATE
  const t = wallClock(ms, timeZone)
  return `${MONTHS[t.month - 1] ?? ''} ${t.day}, ${t.year}`
}

// Zone offsets are whole quarter hours, so every instant in one quarter hour
// has the same calendar day: grouping thousands of rows works each out once.
// The reader's own zone is keyed by its offset at that instant: it can change
// while the app runs (a trip, a changed setting), and a day kept from the old
// zone would split a day's rows under two headings.
const QUARTER_HOUR = 15 * 60 * 1000
const dayKeys = new Map<string, string>()

/** Calendar day in the display zone ('2026-11-17'): rows sharing it share a heading. */
export function dayKey(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return 'unknown'
  const cacheKey = `${Math.floor(ms / QUARTER_HOUR)}|${timeZone ?? new Date(ms).getTimezoneOffset()}`
  let key = dayKeys.get(cacheKey)
  if (key === undefined) {
    const t = wallClock(ms, timeZone)
    key = `${String(t.year).padStart(4, '0')}-${pad2(t.month)}-${pad2(t.day)}`
    if (dayKeys.size > 50_000) dayKeys.clear()
    dayKeys.set(cacheKey, key)
  }
  return key
}

/** 'MMM d, H:mm' (e.g. 'Nov 17, 9:30'), or 'Unknown date'. */
export function formatShortDateTime(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return UNKNOWN_DATE
  const t = wallClock(ms, timeZone)
  return `${(MONTHS[t.month - 1] ?? '').slice(0, 3)} ${t.day}, ${t.hour}:${pad2(t.minute)}`
}

/** Seconds from a number or numeric string; null when absent or not a finite, non-negative number. */
function durationSeconds(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  // Beyond the safe integers a number prints in exponent form ("1e+21 hr"):
  // such a value is corrupt, so the recording shows no duration.
  return Number.isFinite(n) && n >= 0 && n <= Number.MAX_SAFE_INTEGER ? Math.floor(n) : null
}

/** The thumbnail badge: 'H hr M min', 'M min' or 'S secs' (spec §9); null without a duration. */
export function durationLabel(value: unknown): string | null {
  const total = durationSeconds(value)
  if (total === null) return null
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  if (hours > 0) return `${hours} hr ${minutes} min`
  if (minutes > 0) return `${minutes} min`
  return `${total} secs`
}
