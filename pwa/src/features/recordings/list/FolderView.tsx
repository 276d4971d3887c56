import { useMemo } from 'react'
import { FolderBar } from '@/features/folders/FolderBar'
import { groupByDay } from './listItems'
import { ListSkeleton } from './ListStates'
import { RecordingList } from './RecordingList'
import { useFolderLibrary } from './useFolderLibrary'

interface FolderViewProps {
  /** '' for General. */
  folderKey: string
  onShowFolder: (folderKey: string) => void
}

/** One folder's recordings (?folder=), with the bar that names, renames and deletes it. */
export function FolderView({ folderKey, onShowFolder }: FolderViewProps) {
  return (
    <>
      <FolderBar folderKey={folderKey} onShowFolder={onShowFolder} />
      <FolderContent folderKey={folderKey} />
    </>
  )
}

function FolderContent({ folderKey }: { folderKey: string }) {
  const folder = useFolderLibrary(folderKey)
  const items = useMemo(() => (folder.rows ? groupByDay(folder.rows) : []), [folder.rows])
  if (!folder.rows) return <ListSkeleton />
  if (items.length === 0) return <p className="folder-empty">No recordings in this folder.</p>
  return (
    <RecordingList items={items} paging={{ hasMore: folder.hasMore, loading: false, onLoadMore: folder.loadMore }} />
  )
}
