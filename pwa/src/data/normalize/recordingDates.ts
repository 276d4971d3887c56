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

// Intl formatters are costly to build and the list formats thousands of dates.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cacheKey = `${key}|${options.timeZone ?? ''}`
  let f = formatters.get(cacheKey)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options)
    formatters.set(cacheKey, f)
  }
  return f
}

/** Long US date for the list's group headings: 'November 17, 2026'. */
export function formatDayHeading(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return UNKNOWN_DATE
  return formatter('day', { dateStyle: 'long', timeZone }).format(ms)
}

// Zone offsets are whole quarter hours, so every instant in one quarter hour
// has the same calendar day: grouping thousands of rows formats each once.
const QUARTER_HOUR = 15 * 60 * 1000
const dayKeys = new Map<string, string>()

/** Calendar day in the display zone ('2026-11-17'): rows sharing it share a heading. */
export function dayKey(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return 'unknown'
  const cacheKey = `${Math.floor(ms / QUARTER_HOUR)}|${timeZone ?? ''}`
  let key = dayKeys.get(cacheKey)
  if (key === undefined) {
    key = computeDayKey(ms, timeZone)
    if (dayKeys.size > 50_000) dayKeys.clear()
    dayKeys.set(cacheKey, key)
  }
  return key
}

function computeDayKey(ms: number, timeZone?: string): string {
  const parts = formatter('key', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(ms)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** 'MMM d, H:mm' (e.g. 'Nov 17, 9:30'), or 'Unknown date'. */
export function formatShortDateTime(ms: number, timeZone?: string): string {
  if (Number.isNaN(ms)) return UNKNOWN_DATE
  const parts = formatter('short', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(ms)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  // Some engines pad h23 hours ('09'); the spec's H is unpadded.
  return `${part('month')} ${part('day')}, ${Number(part('hour')) % 24}:${part('minute')}`
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
