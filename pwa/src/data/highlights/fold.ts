import type { OutboxEntry, StoredHighlight } from '../db'
import { readMutation } from '../sync/mutation'
import type { TranscriptSegment } from '../normalize/transcript'

/** A highlight as the device shows it: the server's copy with the queued edits laid over. */
export interface HighlightView extends StoredHighlight {
  /** An edit of it waits to be sent. */
  pending: boolean
  /** Its creation was refused for good: shown so the user knows it was not kept. */
  failed?: { code: string; message: string }
}

/** The words a new highlight will quote, before the server has answered (its rule: excerptOf). */
export type Excerpt = (recordingId: string, start: number, end: number) => { text: string; speakers: string[] } | null

/** How long a segment without an end lasts, as the server counts it. */
const UNTIMED_SECONDS = 1

/**
 * The transcript between start and end by the server's rule (pkg/highlights):
 * every segment the range overlaps, its text joined by spaces, and the
 * speakers heard, each once in order.
 */
export function excerptOf(segments: readonly TranscriptSegment[], start: number, end: number) {
  const inRange = segments.filter((s) => {
    const segEnd = s.end > s.start ? s.end : s.start + UNTIMED_SECONDS
    return segEnd > start && s.start < end
  })
  const speakers = [...new Set(inRange.filter((s) => s.speakerId !== '').map((s) => s.speakerLabel))]
  return { text: inRange.map((s) => s.text.trim()).join(' '), speakers }
}

/**
 * The highlights to show: the server's rows with each queued highlight edit
 * (outbox order) laid over. A create the server has not answered shows with
 * the words the device quotes for it; a queued delete hides the highlight;
 * a refused note or delete leaves the server's copy as it is.
 */
export function foldHighlights(rows: StoredHighlight[], outbox: OutboxEntry[], excerpt: Excerpt): HighlightView[] {
  const byId = new Map<string, HighlightView>(rows.map((r) => [r.id, { ...r, pending: false }]))
  const edits = outbox.filter((r) => r.kind === 'highlight').sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
  for (const row of edits) {
    const op = readMutation(row)?.op
    const failed = row.status === 'failed'
    if (!op) continue
    if (op.case === 'createHighlight' && !byId.has(op.value.id)) {
      const { id, recordingId, start, end, note } = op.value
      const quoted = excerpt(recordingId, start, end) ?? { text: '', speakers: [] }
      byId.set(id, {
        id,
        recordingId,
        start,
        end,
        note,
        ...quoted,
        createdAtMs: row.createdAt,
        updatedAtMs: row.createdAt,
        version: 0,
        pending: !failed,
        ...(failed && row.error ? { failed: row.error } : {}),
      })
    } else if (op.case === 'updateHighlight' && !failed) {
      const held = byId.get(op.value.id)
      if (held) byId.set(held.id, { ...held, note: op.value.note, updatedAtMs: row.createdAt, pending: true })
    } else if (op.case === 'deleteHighlight' && !failed) byId.delete(op.value.id)
  }
  return [...byId.values()]
}

/** Newest first, as the library's page lists them. */
export const newestFirst = (a: HighlightView, b: HighlightView) =>
  b.createdAtMs - a.createdAtMs || (a.id < b.id ? 1 : -1)

/** In the order they come in the recording. */
export const inRecordingOrder = (a: HighlightView, b: HighlightView) =>
  a.start - b.start || a.createdAtMs - b.createdAtMs
