import type { PocketDB } from '../db'
import { folderIdOf } from '../storedRecording'

/**
 * Which recordings the list shows in each folder: filter key ('' for General)
 * to recording ids, newest first. Read from the indexes only (sortKey,
 * folderId), so a library of thousands costs two key scans, not thousands of
 * rows; only rows written by a REST page (no folderId of sync's) are read
 * whole, to find their folder in the item. A row filed in a folder the
 * device does not hold (deleted here, or not pulled yet) shows in General,
 * as the row itself does.
 */
export async function readFolderMembers(db: PocketDB): Promise<Map<string, string[]>> {
  const [shown, folderIds] = await Promise.all([
    // Rows without a sortKey (empty recordings) are not in the index: the list hides them too.
    db.recordings.orderBy('sortKey').reverse().primaryKeys(),
    db.folders.toCollection().primaryKeys(),
  ])
  const filed = new Map<string, string>()
  await db.recordings.orderBy('folderId').eachKey((key, cursor) => {
    filed.set(String(cursor.primaryKey), key as string) // the folderId index: its keys are strings
  })
  const unfiled = shown.filter((id) => !filed.has(id))
  if (unfiled.length > 0) {
    for (const row of await db.recordings.bulkGet(unfiled)) if (row) filed.set(row.id, folderIdOf(row))
  }
  const known = new Set(folderIds)
  const out = new Map<string, string[]>()
  for (const id of shown) {
    const folder = filed.get(id) ?? ''
    const key = known.has(folder) ? folder : ''
    const list = out.get(key)
    if (list) list.push(id)
    else out.set(key, [id])
  }
  return out
}
