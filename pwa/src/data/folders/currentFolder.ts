import type { PocketDB } from '../db'
import { detailBody } from '../normalize/detail'
import { asObject, text } from '../normalize/loose'
import { readMutation } from '../sync/mutation'
import { pendingFor } from '../sync/outboxReads'
import { folderIdOf } from '../storedRecording'

/**
 * The folder the recording is filed in as this device shows it ('' for
 * General): the latest queued move, else the synced row, else the cached
 * detail (a recording opened before the first pull). liveQuery-able, and
 * read through the db it is given, so the folder picker shows it without
 * loading the sync engine.
 */
export async function currentFolderId(db: PocketDB, id: string): Promise<string> {
  const moves = (await pendingFor(db, id)).flatMap((row) => {
    const op = readMutation(row)?.op
    return op?.case === 'updateRecording' && op.value.folderId !== undefined ? [op.value.folderId] : []
  })
  const queued = moves.at(-1)
  if (queued !== undefined) return queued
  const row = await db.recordings.get(id)
  if (row) return folderIdOf(row)
  const recording = asObject(detailBody((await db.details.get(id))?.data)?.recording)
  return text(asObject(recording?.folder)?.id) || text(recording?.folderId) || text(recording?.folder_id)
}
