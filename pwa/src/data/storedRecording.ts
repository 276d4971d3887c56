import type { StoredRecording } from './db'
import { asObject, text } from './normalize/loose'
import { hiddenFromList } from './recordingFields'
import { toSortableTime } from './time'
import type { Recording } from './types'

/**
 * The row the list reads: the recording and the key it sorts by. A
 * recording the list hides (archived) has no key: IndexedDB does not index
 * a missing one, so the list, its folders and the device's search skip it.
 */
export function toStored(recording: Recording): StoredRecording {
  const sortKey =
    toSortableTime(recording.recordingAt) || toSortableTime(recording.updatedAt) || toSortableTime(recording.createdAt)
  if (hiddenFromList(recording)) return { id: recording.id, data: recording } as StoredRecording
  return { id: recording.id, sortKey, data: recording }
}

/** A recording's folder id: sync's field, else what a REST item says. */
export function folderIdOf(row: StoredRecording): string {
  return row.folderId !== undefined ? row.folderId : itemFolderId(row.data)
}

/** The folder id a REST item names ('' for none: General). */
export function itemFolderId(d: Recording): string {
  return text(asObject(d.folder)?.id) || text(d.folderId) || text(d.folder_id)
}
