import type { StoredRecording } from './db'
import { toSortableTime } from './time'
import type { Recording } from './types'

/** The row the list reads: the recording and the key it sorts by. */
export function toStored(recording: Recording): StoredRecording {
  const sortKey = toSortableTime(recording.recordingAt) || toSortableTime(recording.updatedAt) || toSortableTime(recording.createdAt)
  return { id: recording.id, sortKey, data: recording }
}
