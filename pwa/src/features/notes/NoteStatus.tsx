import { useOutboxFor } from '@/data/sync/useOutbox'
import { readMutation } from '@/data/sync/mutation'
import type { OutboxRow } from '@/data/sync/outboxReads'

/** The note's edits still in the outbox: the last decides what the line says. */
function lastNoteEdit(rows: OutboxRow[] | undefined): OutboxRow | undefined {
  return rows
    ?.filter((row) => {
      const op = readMutation(row)?.op
      return op?.case === 'updateRecording' && op.value.note !== undefined
    })
    .at(-1)
}

/**
 * Where the note stands, announced politely: waiting to sync while its edit
 * is queued (offline, say), the server's reason if it refused it, and
 * "Saved" once a save made here has gone through.
 */
export function NoteStatus({ recordingId, savedHere }: { recordingId: string; savedHere: boolean }) {
  const edit = lastNoteEdit(useOutboxFor(recordingId))
  let text = ''
  if (edit?.status === 'failed') text = `Not saved: ${edit.error?.message ?? 'the server refused the note'}`
  else if (edit) text = 'Saved on this device, waiting to sync'
  else if (savedHere) text = 'Saved'
  return (
    <p
      className={edit?.status === 'failed' ? 'notes-tab__status notes-tab__status--error' : 'notes-tab__status'}
      role="status"
    >
      {text}
    </p>
  )
}
