import type { Table } from 'dexie'
import type { PocketDB, StoredDetail, StoredRecording } from '../db'
import { isNewerCopy } from '../normalize/recording'
import { itemFolderId } from '../storedRecording'
import { baseKey } from './mutation'
import { entityRows, recompose, syncTables } from './rebase'
import { ofKind } from './stage'

/**
 * Server copies the REST API hands the device (a dashboard page, a detail)
 * written so that queued edits survive them: where an entity waits on edits
 * the copy goes to its kept server copy (syncBase) and the edits are laid
 * over it again; elsewhere it is written as is. Each runs in its own
 * transaction over sync's tables, so a flush or pull never sees half of it.
 */

/** Dashboard rows: `rows` are the page's; `stale` tells a held row the page shows the server no longer has. */
export async function writeServerRows(
  db: PocketDB,
  rows: StoredRecording[],
  stale: (held: StoredRecording) => boolean,
): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const gone = await db.recordings.filter(stale).primaryKeys()
    for (const id of gone) await forgetRow(db, id)
    for (const row of rows) await writeRow(db, row)
  })
}

async function writeRow(db: PocketDB, row: StoredRecording): Promise<void> {
  const key = baseKey('recording', row.id)
  const base = await db.syncBase.get(key)
  if (!base) {
    const held = await db.recordings.get(row.id)
    // A row already on the device from another page (or a pull) may be the newer copy.
    if (!held || !isNewerCopy(held.data, row.data)) await db.recordings.put(keepSyncFields(row, held))
    return
  }
  // Edits wait: the held row is server copy + edits (its updatedAt is the edit's), so compare with the copy.
  const copy = base.recording
  if (copy && isNewerCopy(copy.data, row.data)) return
  await db.syncBase.put({ ...base, recording: keepSyncFields(row, copy ?? undefined) })
  await recompose(db, { kind: 'recording', entityId: row.id })
}

/** A row the server no longer lists: gone, but its queued edits are kept (and laid over nothing). */
async function forgetRow(db: PocketDB, id: string): Promise<void> {
  const key = baseKey('recording', id)
  const base = await db.syncBase.get(key)
  if (!base) return void (await db.recordings.delete(id))
  await db.syncBase.put({ ...base, recording: null })
  await recompose(db, { kind: 'recording', entityId: id })
}

/**
 * What only sync knows about a row (its change-log version, folder id,
 * emptiness, stored speakers) stays on it: a REST item carries none of it,
 * except a folder id when the item names one. A row new to the device is
 * filed as folderIdOf reads it (General when the item names no folder), so
 * the folders' counts find it in the index (folders/members.ts).
 */
function keepSyncFields(row: StoredRecording, held: StoredRecording | undefined): StoredRecording {
  if (!held) return { ...row, folderId: itemFolderId(row.data) }
  const out: StoredRecording = { ...row }
  if (held.version !== undefined) out.version = held.version
  if (held.speakersJson !== undefined) out.speakersJson = held.speakersJson
  if (held.empty !== undefined) out.empty = held.empty
  const folderId = itemFolderId(row.data)
  if (folderId !== '') out.folderId = folderId
  else if (held.folderId !== undefined) out.folderId = held.folderId
  return out
}

/**
 * A fetched detail: written, then the recording's queued edits laid over it
 * (the detail written is the newer server copy recompose keeps apart).
 * Answers the detail as the device now shows it.
 *
 * Most details wait on no edit. Those are written in a transaction that
 * leaves the list's tables out of its scope, so a background prefetch of
 * many details never holds up the list's reads or a pull (IndexedDB queues
 * transactions whose scopes overlap). The edits and server copies are in
 * its scope: an edit queued meanwhile waits for it, then lays itself over it.
 */
export async function writeServerDetail(db: PocketDB, detail: StoredDetail): Promise<StoredDetail> {
  const written = await db.transaction('rw', [db.details, db.outbox, db.syncBase], async () => {
    if (await waitsOnEdits(db, detail.id)) return null
    await putKeepingOpened(db, detail)
    return detail
  })
  if (written) return written
  return db.transaction('rw', syncTables(db), async () => {
    await putKeepingOpened(db, detail)
    if (!(await waitsOnEdits(db, detail.id))) return detail
    await recompose(db, { kind: 'recording', entityId: detail.id })
    return (await db.details.get(detail.id)) ?? detail
  })
}

/**
 * Many fetched details (the offline library's batch) in one transaction,
 * with `more` written in it too (their chat): the ones that wait on no edit
 * are put in bulk, keeping each one's opened mark; the others go through
 * writeServerDetail one by one after it. A reload mid-way keeps every batch
 * committed before it.
 */
export async function writeServerDetails(
  db: PocketDB,
  details: StoredDetail[],
  more: { tables: Table[]; write: () => Promise<void> } = { tables: [], write: async () => {} },
): Promise<void> {
  const waiting = await db.transaction('rw', [db.details, db.outbox, db.syncBase, ...more.tables], async () => {
    const edited = await waitingOnEdits(
      db,
      details.map((d) => d.id),
    )
    const plain = details.filter((d) => !edited.has(d.id))
    const held = await db.details.bulkGet(plain.map((d) => d.id))
    await db.details.bulkPut(plain.map((d, i) => keepOpened(d, held[i]?.openedAt)))
    await more.write()
    return details.filter((d) => edited.has(d.id))
  })
  for (const detail of waiting) await writeServerDetail(db, detail)
}

/** Which of these recordings have queued edits or a server copy kept apart. */
async function waitingOnEdits(db: PocketDB, ids: string[]): Promise<Set<string>> {
  const queued = await db.outbox.where('entityId').anyOf(ids).toArray()
  const apart = await db.syncBase.bulkGet(ids.map((id) => baseKey('recording', id)))
  return new Set([
    ...ofKind(queued, 'recording').map((e) => e.entityId),
    ...ids.filter((_, i) => apart[i] !== undefined),
  ])
}

const keepOpened = (detail: StoredDetail, openedAt: number | undefined): StoredDetail =>
  openedAt === undefined ? detail : { ...detail, openedAt }

/** Whether the recording has queued edits or a server copy kept apart (edits answered, copy not yet pulled). */
async function waitsOnEdits(db: PocketDB, id: string): Promise<boolean> {
  return (
    (await entityRows(db, 'recording', id)).length > 0 ||
    (await db.syncBase.get(baseKey('recording', id))) !== undefined
  )
}

/** A refetch keeps the mark that the user opened it here (the offline budget spares those). */
async function putKeepingOpened(db: PocketDB, detail: StoredDetail): Promise<void> {
  await db.details.put(keepOpened(detail, (await db.details.get(detail.id))?.openedAt))
}

/** The server answered 404: the recording is gone (its queued edits stay, to be answered NOT_FOUND). */
export async function forgetServerRecording(db: PocketDB, id: string): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    await db.details.delete(id)
    await forgetRow(db, id)
  })
}
