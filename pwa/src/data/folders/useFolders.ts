import { useMemo } from 'react'
import type { StoredFolder } from '../db'
import { useDeviceQuery, useFollowedRead } from '../device/useDeviceQuery'
import { useOutbox } from '../sync/useOutbox'
import type { PocketDB } from '../db'
import { folderTree, GENERAL_FILTER, type FolderEntry } from './tree'

/** The user's folders as the device holds them (server copy + queued edits); undefined while loading. */
export function useFolderList(): StoredFolder[] | undefined {
  return useDeviceQuery((db) => db.folders.toArray(), [])
}

export interface FolderOverview {
  folders: StoredFolder[]
  /** Depth-first, by name. */
  tree: FolderEntry[]
  /** Recordings the list shows per folder id ('' for General); undefined while counting. */
  counts: Map<string, number> | undefined
  /** Folders with edits waiting to be sent (or refused). */
  queued: Set<string>
}

/** What a read of the members follows (useFollowedRead): every write to recordings or folders changes their counts' answer. */
export const followLibrary = (db: PocketDB) => Promise.all([db.recordings.count(), db.folders.count()])

// The counts' code loads with their first read: the folders section draws before them.
const readCounts = async (db: PocketDB) => (await import('./members')).readFolderCounts(db)

/** Everything the folders section shows, kept current. */
export function useFolderOverview(): FolderOverview | undefined {
  const folders = useFolderList()
  const counts = useFollowedRead(followLibrary, readCounts, [])
  const outbox = useOutbox()
  return useMemo(() => {
    if (!folders) return undefined
    const queued = new Set((outbox ?? []).filter((r) => r.kind === 'folder').map((r) => r.entityId))
    return { folders, tree: folderTree(folders), counts, queued }
  }, [folders, counts, outbox])
}

/** The filter key of ?folder= ('' for General), or null when the list is not filtered. */
export function folderFilterKey(param: string | null): string | null {
  if (param === null || param === '') return null
  return param === GENERAL_FILTER ? '' : param
}

/** The ?folder= value of a filter key. */
export const folderParam = (key: string) => (key === '' ? GENERAL_FILTER : key)
