import { useState } from 'react'
import type { StoredFolder } from '@/data/db'
import { ModalDialog } from '@/ui/dialog/ModalDialog'

interface Props {
  folder: StoredFolder
  /** Folders inside it: the server moves them up a level. */
  subfolders: number
  onConfirm: () => Promise<void> | void
  onClose: () => void
}

/** Asks before deleting a folder, saying what the server will do with its contents. */
export function DeleteFolderDialog({ folder, subfolders, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      onClose()
    } catch {
      setFailed(true)
      setBusy(false)
    }
  }
  return (
    <ModalDialog title={`Delete “${folder.name}”?`} onClose={onClose} className="folder-dialog">
      <p>Its recordings move to General; they are not deleted.</p>
      {subfolders > 0 && (
        <p>{subfolders === 1 ? 'Its subfolder moves' : `Its ${subfolders} subfolders move`} up one level.</p>
      )}
      <p className="folder-form__error" role="alert">
        {failed ? 'The folder could not be deleted on this device. Please try again.' : ''}
      </p>
      <div className="folder-dialog__actions">
        {/* Cancel first: Enter on the opened dialog never deletes. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself as it opens (ARIA dialog pattern) */}
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
          Delete folder
        </button>
      </div>
    </ModalDialog>
  )
}
