import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { deleteFolder, renameFolder } from '@/data/folders/edits'
import { useFolderOverview } from '@/data/folders/useFolders'
import { GENERAL_FOLDER } from '@/data/normalize/recording'
import { FolderIcon, SyncIcon } from '@/ui/icons'
// Its dialogs come with it (the folder view's own chunk): renaming works offline as soon as the bar shows.
import { DeleteFolderDialog } from './DeleteFolderDialog'
import { FolderFormDialog } from './FolderFormDialog'
import { FolderTemplatePicker } from './FolderTemplatePicker'
import './folders.css'

interface Props {
  /** The folder the list is filtered to ('' for General). */
  folderKey: string
  /** Shows another filter (after a delete: General, where its recordings went). */
  onShowFolder: (key: string) => void
}

/**
 * Above a filtered list: which folder it is, how many recordings it holds,
 * and renaming or deleting it. General is no folder: it has neither.
 */
export function FolderBar({ folderKey, onShowFolder }: Props) {
  const overview = useFolderOverview()
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null)
  // Read for this key, not taken from the overview: a folder just created and
  // navigated to is found at once instead of briefly "no longer existing".
  const found = useDeviceQuery(
    async (db) => ({ key: folderKey, folder: folderKey ? await db.folders.get(folderKey) : undefined }),
    [folderKey],
  )
  const { ref: titleRef, request: focusTitle } = useFocusTitleNext(
    dialog === null && found?.key === folderKey ? folderKey : null,
  )
  if (!overview || found?.key !== folderKey) return null
  const folder = found.folder
  const count = overview.counts?.get(folderKey) ?? 0

  if (folderKey !== '' && !folder) {
    return (
      <div className="folder-bar" role="status">
        <p className="folder-bar__missing">This folder no longer exists.</p>
        <Link to="/recordings">Show all recordings</Link>
      </div>
    )
  }

  return (
    <div className="folder-bar">
      <h2 className="folder-bar__title" ref={titleRef} tabIndex={-1}>
        <FolderIcon size={20} />
        <span className="folder-bar__name">{folder ? folder.name : GENERAL_FOLDER}</span>
        {folder && overview.queued.has(folder.id) && <SyncIcon label="Waiting to sync" size={18} />}
      </h2>
      <p className="folder-bar__count" aria-live="polite">
        {count === 1 ? '1 recording' : `${count} recordings`}
      </p>
      <div className="folder-bar__actions">
        {folder && (
          <>
            <button type="button" className="button" onClick={() => setDialog('rename')}>
              Rename folder
            </button>
            <button type="button" className="button" onClick={() => setDialog('delete')}>
              Delete folder
            </button>
          </>
        )}
        <Link to="/recordings" className="button button--link">
          Show all recordings
        </Link>
      </div>
      {folder && <FolderTemplatePicker folder={folder} />}
      {folder && dialog === 'rename' && (
        <FolderFormDialog
          mode="rename"
          folder={folder}
          folders={overview.folders}
          onSubmit={(name) => renameFolder(folder.id, name)}
          onClose={() => setDialog(null)}
        />
      )}
      {folder && dialog === 'delete' && (
        <DeleteFolderDialog
          folder={folder}
          subfolders={overview.folders.filter((f) => f.parentId === folder.id).length}
          onConfirm={async () => {
            await deleteFolder(folder.id)
            // Its Delete button is gone with it: focus goes to the title of the folder shown instead.
            focusTitle('')
            onShowFolder('')
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  )
}

/**
 * Focus for the bar's title once it shows the folder asked for, with no
 * dialog open: the bar renders nothing while it reads the folder it is
 * switched to, and a closing dialog gives focus back to its opener first.
 * shownKey is the folder on screen with no dialog over it, else null.
 */
function useFocusTitleNext(shownKey: string | null) {
  const ref = useRef<HTMLHeadingElement>(null)
  const [wanted, setWanted] = useState<string | null>(null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render: the title can appear in any of them; setWanted(null) ends it
  useEffect(() => {
    if (wanted === null || wanted !== shownKey || !ref.current) return
    ref.current.focus()
    setWanted(null)
  })
  return { ref, request: (key: string) => setWanted(key) }
}
