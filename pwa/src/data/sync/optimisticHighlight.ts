import type { StoredHighlight } from '../db'
import type { Edit } from './optimistic'

/**
 * The server copy of a highlight with the queued edits laid over; null
 * when it is (locally) gone. A create the server has not answered yet is
 * laid over nothing: its words come from the row the device wrote when it
 * was made (`shown`), since the mutation carries only the range.
 */
export function foldHighlight(
  base: StoredHighlight | null,
  edits: Edit[],
  shown: StoredHighlight | null,
): StoredHighlight | null {
  let h = base
  for (const { mutation, at } of edits) {
    const op = mutation.op
    if (op.case === 'createHighlight') {
      const { id, recordingId, start, end, note } = op.value
      h ??= {
        id,
        recordingId,
        start,
        end,
        note,
        text: shown?.id === id ? shown.text : '',
        speakers: shown?.id === id ? shown.speakers : [],
        createdAtMs: shown?.id === id ? shown.createdAtMs : at,
        updatedAtMs: at,
      }
    } else if (op.case === 'updateHighlight') {
      h = h && { ...h, note: op.value.note, updatedAtMs: at }
    } else if (op.case === 'deleteHighlight') {
      h = null
    }
  }
  return h
}
