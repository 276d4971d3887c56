import { useState } from 'react'
import { downloadBackup } from '@/data/export'
import { useOnline } from '@/features/sync/useSyncState'
import { useToast } from '@/ui/toast/toastContext'
import { downloadErrorMessage, saveFile } from './saveFile'
import { BACKUP_ITEM, NEEDS_CONNECTION } from './texts'

/** "Download backup (.zip)" in the user menu: every recording, as `pocket import` restores it. */
export function BackupMenuItem() {
  const [busy, setBusy] = useState(false)
  const online = useOnline()
  const toast = useToast()
  const onClick = async () => {
    if (!online) {
      toast.error(NEEDS_CONNECTION)
      return
    }
    setBusy(true)
    try {
      saveFile(await downloadBackup())
    } catch (error) {
      toast.error(downloadErrorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        className="user-menu__item"
        aria-disabled={!online || busy}
        aria-busy={busy}
        onClick={() => void onClick()}
      >
        {busy ? 'Preparing backup…' : BACKUP_ITEM}
      </button>
    </li>
  )
}
