import { useLocation } from 'wouter'
import { DELETE_UNDO_MS, deleteRecording, undoDelete } from '@/data/sync/recordingEdits'
import { TrashIcon } from '@/ui/icons'
import { useToast } from '@/ui/toast/toastContext'

export const DELETED_TOAST = 'Recording deleted'

/**
 * Deletes at once (the list no longer shows it; the screen goes back to the
 * list) with an Undo toast for 5 s. The server hears of the delete only
 * after that window, so an Undo never reaches it.
 */
export function DeleteRecordingButton({ recordingId }: { recordingId: string }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const onDelete = async () => {
    const row = await deleteRecording(recordingId)
    void navigate('/recordings')
    toast.info(DELETED_TOAST, { duration: DELETE_UNDO_MS, action: { label: 'Undo', onClick: () => void undoDelete(row) } })
  }
  return (
    <button type="button" className="button" onClick={() => void onDelete()}>
      <TrashIcon size={18} />
      Delete
    </button>
  )
}
