import type { StoredHighlight } from '../db'
import type { TranscriptSegment } from '../normalize/transcript'
import { enqueue, getSync, type OutboxRow } from '../sync'
import { baseKey } from '../sync/mutation'
import { syncTables } from '../sync/rebase'
import { quotePassage } from './quote'

/**
 * The owner's highlight edits, each shown at once and queued through the
 * outbox (so offline too), like folders' (data/folders/edits.ts). Loaded
 * with the first edit: the screens that offer them draw without the outbox.
 */

/** How long a deleted highlight can be brought back: the Undo toast's time on screen at most. */
export const DELETE_UNDO_MS = 5000
/** The toast closes this long before the delete may be sent, so a last-moment Undo still wins. */
const UNDO_MARGIN_MS = 1000

export interface NewHighlight {
  recordingId: string
  start: number
  end: number
  note?: string
  /** The transcript as this device holds it: the words are quoted from it, as the server will. */
  segments: TranscriptSegment[]
}

/**
 * Marks start..end. The row (with the quoted words) and its create are
 * written in one transaction, so a reload never shows one without the
 * other. The id is made here, so the note can be edited or the highlight
 * deleted before the server has seen it.
 */
export async function createHighlight(h: NewHighlight): Promise<StoredHighlight> {
  const passage = quotePassage(h.segments, h.start, h.end)
  if (!passage) throw new Error('Nothing is said in the selected passage')
  const sync = getSync()
  const { db } = sync.deps
  const now = sync.deps.now()
  const note = (h.note ?? '').trim()
  const row: StoredHighlight = {
    id: sync.deps.uuid(),
    recordingId: h.recordingId,
    start: h.start,
    end: h.end,
    text: passage.text,
    note,
    speakers: passage.speakers,
    createdAtMs: now,
    updatedAtMs: now,
  }
  await db.transaction('rw', syncTables(db), async () => {
    // No server copy yet: discarding the create leaves nothing behind.
    await db.syncBase.put({ key: baseKey('highlight', row.id), highlight: null })
    await db.highlights.put(row)
    const { id, recordingId, start, end } = row
    await enqueue({ op: { case: 'createHighlight', value: { id, recordingId, start, end, note } } })
  })
  return row
}

/** '' clears the note. Resolves with the note as queued, for the screen to show until its read of the device has it. */
export async function setHighlightNote(id: string, note: string): Promise<string> {
  const queued = note.trim()
  await enqueue({ op: { case: 'updateHighlight', value: { id, note: queued } } })
  return queued
}

/** Gone at once here; the server hears of it only after the Undo window (undoDeleteHighlight). */
export function deleteHighlight(id: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'deleteHighlight', value: { id } } }, undefined, {
    holdMs: DELETE_UNDO_MS + UNDO_MARGIN_MS,
  })
}

/** What is left of a delete's Undo window (ms, 0 when none), from the queued row's own time. */
export function undoWindowLeft(row: Pick<OutboxRow, 'nextAttemptAt'>, now = getSync().deps.now()): number {
  return Math.max(0, row.nextAttemptAt - UNDO_MARGIN_MS - now)
}

/** Takes the delete back; false when it came too late (the delete stands). */
export async function undoDeleteHighlight(row: Pick<OutboxRow, 'seq'>): Promise<boolean> {
  return (await getSync().undoHeld(row.seq)) !== null
}
