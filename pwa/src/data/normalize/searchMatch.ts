import { asObject } from './loose'

/** Where a search result matched (GET /recordings/search `match`). */
export interface SearchMatch {
  field: 'title' | 'description' | 'summary' | 'transcript'
  passage: string
  /** [start, end) in UTF-16 code units of passage: plain string indexes. */
  highlights: Array<[number, number]>
  /** Seconds into the recording, for a transcript match. */
  startTime: number | null
}

const FIELDS = new Set(['title', 'description', 'summary', 'transcript'])

/** Reads an item's `match`; null when absent or malformed. Bad ranges are dropped, never trusted. */
export function toSearchMatch(item: unknown): SearchMatch | null {
  const m = asObject(asObject(item)?.match)
  if (!m || typeof m.field !== 'string' || !FIELDS.has(m.field) || typeof m.passage !== 'string') return null
  const passage = m.passage
  const ranges = Array.isArray(m.highlights) ? m.highlights : []
  const highlights: Array<[number, number]> = []
  let last = 0
  for (const r of ranges) {
    if (!Array.isArray(r) || r.length !== 2) continue
    const [a, b] = r as unknown[]
    if (
      Number.isInteger(a) &&
      Number.isInteger(b) &&
      (a as number) >= last &&
      (b as number) > (a as number) &&
      (b as number) <= passage.length
    ) {
      highlights.push([a as number, b as number])
      last = b as number
    }
  }
  const t = m.start_time
  const startTime = typeof t === 'number' && Number.isFinite(t) && t >= 0 ? t : null
  return { field: m.field as SearchMatch['field'], passage, highlights, startTime }
}

/** The passage cut into plain and marked pieces, for rendering as text nodes. */
export function passagePieces(match: SearchMatch): Array<{ text: string; marked: boolean }> {
  const out: Array<{ text: string; marked: boolean }> = []
  let at = 0
  for (const [a, b] of match.highlights) {
    if (a > at) out.push({ text: match.passage.slice(at, a), marked: false })
    out.push({ text: match.passage.slice(a, b), marked: true })
    at = b
  }
  if (at < match.passage.length) out.push({ text: match.passage.slice(at), marked: false })
  return out
}
