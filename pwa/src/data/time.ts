/** Matches a trailing zone: Z, +02:00, -0500. */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i

/**
 * Milliseconds since the epoch; timestamps without a zone are UTC (spec §9).
 * NaN for anything unparseable, so callers can fall back.
 */
export function parseTimestamp(value: unknown): number {
  if (typeof value !== 'string' || value.trim() === '') return NaN
  const text = value.trim()
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text)
  return Date.parse(HAS_ZONE.test(text) || dateOnly ? text : `${text}Z`)
}

/** ISO in UTC, or '' when unparseable: sortable as a string. */
export function toSortableTime(value: unknown): string {
  const ms = parseTimestamp(value)
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString()
}

/** 'm:ss' for seconds (spec §9), as countdowns and transcripts show time; minutes are
 * not capped (75:03 for a long lecture). */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
