import { useLocation } from 'wouter'
import { recordingEdits } from '@/data/sync/lazyEdits'
import type { OutboxRow } from '@/data/sync'
import { TrashIcon } from '@/ui/icons'
import { useToast, type Toaster } from '@/ui/toast/toastContext'

export const DELETED_TOAST = 'Recording deleted'
export const TOO_LATE_TOAST = 'Too late to undo: the recording was already deleted'

/**
 * Deletes at once (the list no longer shows it; the screen goes back to the
 * list) with an Undo toast for up to 5 s after the click. The server hears
 * of the delete only after that window, so an Undo never reaches it; the
 * toast closes before any tab may send the delete, and an Undo that still
 * comes too late (timers held back in a hidden tab) says so.
 */
export function DeleteRecordingButton({ recordingId }: { recordingId: string }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const onDelete = async () => {
    const edits = await recordingEdits()
    const row = await edits.deleteRecording(recordingId)
    void navigate('/recordings')
    showDeleted(toast, row, edits)
  }
  return (
    <button type="button" className="button" onClick={() => void onDelete()}>
      <TrashIcon size={18} />
      Delete
    </button>
  )
}

type Edits = Awaited<ReturnType<typeof recordingEdits>>

function showDeleted(toast: Toaster, row: OutboxRow, edits: Edits): void {
  const left = edits.undoWindowLeft(row)
  // Shown too late to undo (a very busy machine): the toast offers nothing it cannot keep.
  if (left === 0) return toast.info(DELETED_TOAST)
  const undo = async () => {
    if (!(await edits.undoDelete(row))) toast.error(TOO_LATE_TOAST)
  }
  toast.info(DELETED_TOAST, { duration: left, action: { label: 'Undo', onClick: () => void undo() } })
}
