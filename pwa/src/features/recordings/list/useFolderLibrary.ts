import { useCallback, useState } from 'react'
import { useFollowedRead } from '@/data/device/useDeviceQuery'
import { readFolderMembers } from '@/data/folders/members'
import { followLibrary } from '@/data/folders/useFolders'
import { DASHBOARD_PAGE_SIZE } from '@/data/recordings'
import type { RecordingRow } from '@/data/normalize/recording'
import { useRows } from './useLibrary'

export interface FolderLibraryView {
  /** Undefined until IndexedDB has answered. */
  rows: RecordingRow[] | undefined
  hasMore: boolean
  loadMore: () => void
}

/**
 * One folder's recordings ('' for General), newest first, from the device:
 * sync keeps the whole library there, so a filter works offline and never
 * waits on the network. Rows are read a window at a time as the user scrolls.
 */
export function useFolderLibrary(folderKey: string): FolderLibraryView {
  const [size, setSize] = useState({ folderKey, window: DASHBOARD_PAGE_SIZE })
  // Another folder starts again from its first window.
  const windowSize = size.folderKey === folderKey ? size.window : DASHBOARD_PAGE_SIZE
  const result = useFollowedRead(
    followLibrary,
    async (db) => {
      const ids = (await readFolderMembers(db)).get(folderKey) ?? []
      const rows = await db.recordings.bulkGet(ids.slice(0, windowSize))
      return { total: ids.length, recordings: rows.flatMap((r) => (r ? [r.data] : [])) }
    },
    [folderKey, windowSize],
  )
  const rows = useRows(result?.recordings)
  const hasMore = result !== undefined && result.total > windowSize
  const loadMore = useCallback(() => {
    if (hasMore) setSize({ folderKey, window: windowSize + DASHBOARD_PAGE_SIZE })
  }, [hasMore, folderKey, windowSize])
  return { rows, hasMore, loadMore }
}
