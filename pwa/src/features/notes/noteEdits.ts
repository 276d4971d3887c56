import { enqueue, type OutboxRow } from '@/data/sync'

/*
 * The note's edit, beside the Notes tab that makes it (and loads with it),
 * as data/sync/recordingEdits.ts holds the other edits of the detail screen.
 */

/** A note's UTF-8 bytes at most (pkg/recordings MaxNoteBytes): 64 KiB. */
export const NOTE_MAX_BYTES = 64 * 1024

/** A note past the server's limit, told in the units people see: kilobytes of text. */
export function noteError(markdown: string): string | null {
  const bytes = new TextEncoder().encode(markdown).length
  return bytes > NOTE_MAX_BYTES
    ? `The note must be at most ${NOTE_MAX_BYTES / 1024} KiB (it is ${Math.ceil(bytes / 1024)} KiB)`
    : null
}

/** The owner's note, as written but for trailing blank lines; '' clears it. Queued, so offline too. */
export function saveNote(id: string, markdown: string): Promise<OutboxRow> {
  return enqueue({ op: { case: 'updateRecording', value: { id, note: markdown.trimEnd() } } })
}
