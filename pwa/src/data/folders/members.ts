import type { PocketDB } from '../db'
import { folderIdOf } from '../storedRecording'

/**
 * Which recordings the list shows in each folder: filter key ('' for General)
 * to recording ids, newest first. Read from the indexes only (sortKey,
 * folderId), so a library of thousands costs a few key reads, not thousands of
 * rows; only rows written by a REST page (no folderId of sync's) are read
 * whole, to find their folder in the item. A row filed in a folder the
 * device does not hold (deleted here, or not pulled yet) shows in General,
 * as the row itself does.
 *
 * The folderId index is read one folder at a time (getAllKeys, one request
 * each), not walked with a cursor: a cursor is one IndexedDB round trip per
 * row, and this re-runs after every write to the recordings (it is a live
 * read), so walking 10,000 rows after each part a first sync stored made
 * that sync slow down as the device filled (docs/adr/0009-first-sync-in-bulk.md).
 */
export async function readFolderMembers(db: PocketDB): Promise<Map<string, string[]>> {
  const [shown, folderIds, filedIn] = await Promise.all([
    // Rows without a sortKey (empty recordings) are not in the index: the list hides them too.
    db.recordings.orderBy('sortKey').reverse().primaryKeys(),
    db.folders.toCollection().primaryKeys(),
    // One cursor step per folder named by a row, not per row.
    db.recordings.orderBy('folderId').uniqueKeys(),
  ])
  const filed = new Map<string, string>()
  const members = await Promise.all(
    filedIn.map((folder) => db.recordings.where('folderId').equals(folder).primaryKeys()),
  )
  // The folderId index: its keys are strings.
  members.forEach((ids, i) => ids.forEach((id) => filed.set(id, filedIn[i] as string)))
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

/**
 * How many recordings the list shows in each folder ('' for General), as
 * readFolderMembers files them, from index counts: a handful of requests
 * whose answers are numbers. The folders section shows these on every
 * screen and they are read again after every write to the recordings (a
 * rename too), so reading every key instead took 275 ms of each rename on a
 * device holding 100,000 (ADR 26). The [folderId+sortKey] index holds the
 * rows both shown (a sortKey) and filed by sync or a REST page naming their
 * folder; when some shown row is not in it, the members are read.
 */
export async function readFolderCounts(db: PocketDB): Promise<Map<string, number>> {
  const [shown, folderIds, filedIn] = await Promise.all([
    // Counts the index: hidden rows (no sortKey) are not in it.
    db.recordings.orderBy('sortKey').count(),
    db.folders.toCollection().primaryKeys(),
    db.recordings.orderBy('folderId').uniqueKeys(),
  ])
  // The folderId index: its keys are strings, and so are sortKeys (ISO times).
  const folders = filedIn as string[]
  const perFolder = await Promise.all(
    folders.map((f) => db.recordings.where('[folderId+sortKey]').between([f, ''], [f, '\uffff']).count()),
  )
  if (perFolder.reduce((sum, n) => sum + n, 0) !== shown) return countsOf(await readFolderMembers(db))
  const known = new Set(folderIds)
  const out = new Map<string, number>()
  folders.forEach((folder, i) => {
    if (perFolder[i] === 0) return
    const key = known.has(folder) ? folder : ''
    out.set(key, (out.get(key) ?? 0) + perFolder[i]!)
  })
  return out
}

const countsOf = (members: Map<string, string[]>) => new Map([...members].map(([key, ids]) => [key, ids.length]))
