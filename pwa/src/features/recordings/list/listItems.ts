import type { RecordingRow } from '@/data/normalize/recording'
import { dayKey, formatDayHeading } from '@/data/normalize/recordingDates'

/** One entry of the virtual list: a date heading or a recording row. */
export type ListItem = { kind: 'header'; key: string; label: string } | { kind: 'row'; key: string; row: RecordingRow }

/**
 * Rows grouped under long-form date headings (spec §2). Groups appear in the
 * order their first row appears and keep their rows' order, so the dashboard
 * (newest first) reads as a timeline and search results keep their ranking
 * as far as grouping allows. Undated rows share an 'Unknown date' group.
 */
export function groupByDay(rows: RecordingRow[], timeZone?: string): ListItem[] {
  const groups = new Map<string, RecordingRow[]>()
  for (const row of rows) {
    const key = dayKey(row.at, timeZone)
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  const items: ListItem[] = []
  for (const [key, group] of groups) {
    items.push({ kind: 'header', key: `day:${key}`, label: formatDayHeading(group[0]!.at, timeZone) })
    for (const row of group) items.push({ kind: 'row', key: `rec:${row.id}`, row })
  }
  return items
}

/** Indexes of the headings, ascending: the sticky heading is the last one at or above the top row. */
export function headerIndexes(items: ListItem[]): number[] {
  const out: number[] = []
  items.forEach((item, i) => item.kind === 'header' && out.push(i))
  return out
}

export function activeHeaderIndex(headers: number[], firstVisible: number): number {
  let active = headers[0] ?? 0
  for (const index of headers) {
    if (index > firstVisible) break
    active = index
  }
  return active
}
