/**
 * BENCH ONLY: rebase.ts as it was before pages were applied in bulk (commit d97fa8e),
 * frozen so applyPage.timing.ts can time the old path against the new one in the
 * same run and compare the tables both leave. Not imported by the app.
 */
import type { Change, FolderState, RecordingState, Tombstone } from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import type { OutboxEntry, PocketDB, StoredSyncBase } from '../../db'
import { baseKey, readMutation, type MutationTarget } from '../mutation'
import { finishRow, foldFolder, foldRecording, type Edit, type FolderView } from '../optimistic'
import { folderIdOf } from '../../storedRecording'
import {
  detailFieldsFromState,
  detailFieldsOf,
  folderRowFromState,
  recordingRowFromState,
  withDetailFields,
} from '../serverState'

/**
 * Writing server copies and laying queued edits over them, in Dexie. Every
 * function here must run inside a transaction over syncTables(db): a pulled
 * page, an answered mutation or a new edit lands whole or not at all.
 */
export function syncTables(db: PocketDB) {
  return [db.recordings, db.details, db.folders, db.outbox, db.syncBase, db.meta]
}

/** The edits an entity waits on (pending and failed), oldest first. */
export async function entityRows(db: PocketDB, kind: MutationTarget['kind'], id: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('entityId').equals(id).toArray()
  return rows.filter((r) => r.kind === kind).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
}

const editsOf = (rows: OutboxEntry[]): Edit[] =>
  rows.flatMap((r) => {
    const mutation = readMutation(r)
    return mutation ? [{ mutation, at: r.createdAt }] : []
  })

/** Shows the entity as server copy + its queued edits (questions change no table). */
export async function recompose(db: PocketDB, target: MutationTarget): Promise<void> {
  if (target.kind === 'recording') await recomposeRecording(db, target.entityId)
  else if (target.kind === 'folder') await recomposeFolder(db, target.entityId)
}

async function recomposeRecording(db: PocketDB, id: string): Promise<void> {
  const key = baseKey('recording', id)
  const [rows, stored, view, cached] = await Promise.all([
    entityRows(db, 'recording', id),
    db.syncBase.get(key),
    db.recordings.get(id),
    db.details.get(id),
  ])
  // No server copy kept apart and nothing queued: the row is the server copy.
  const base: StoredSyncBase = stored ?? { key, recording: view ?? null }
  const fields = cached && detailFieldsOf(cached.data)
  // A detail fetched (REST) since the copy was kept is the newer server copy.
  if (cached && fields && base.detail?.fetchedAt !== cached.fetchedAt)
    base.detail = { ...fields, fetchedAt: cached.fetchedAt }
  const out = foldRecording({ row: base.recording ?? null, detail: base.detail ?? null }, editsOf(rows))
  if (rows.length > 0) await db.syncBase.put(base)
  else if (stored) await db.syncBase.delete(key)
  if (out.row) await db.recordings.put(finishRow(out.row, await folderView(db, folderIdOf(out.row))))
  else await db.recordings.delete(id)
  // Without a server copy or edits there is nothing to lay over the cached detail.
  if (cached && out.detail && (stored || rows.length > 0))
    await db.details.put({ ...cached, data: withDetailFields(cached.data, out.detail) })
}

async function recomposeFolder(db: PocketDB, id: string): Promise<void> {
  const key = baseKey('folder', id)
  const [rows, stored, view] = await Promise.all([
    entityRows(db, 'folder', id),
    db.syncBase.get(key),
    db.folders.get(id),
  ])
  const base: StoredSyncBase = stored ?? { key, folder: view ?? null }
  const out = foldFolder(base.folder ?? null, editsOf(rows))
  if (rows.length > 0) await db.syncBase.put(base)
  else if (stored) await db.syncBase.delete(key)
  if (out) await db.folders.put(out)
  else await db.folders.delete(id)
  // Rows filed in it show its name, or General once it is deleted.
  const members = await db.recordings.where('folderId').equals(id).primaryKeys()
  for (const member of members) await recomposeRecording(db, member)
}

/** What a row filed in folderId shows: the folder's name, or General if it is deleted here. */
async function folderView(db: PocketDB, folderId: string): Promise<FolderView> {
  if (!folderId) return 'unknown'
  const folder = await db.folders.get(folderId)
  if (folder) return { name: folder.name }
  // The server has it but a queued delete hides it: its rows are in General meanwhile.
  return (await db.syncBase.get(baseKey('folder', folderId)))?.folder ? 'deleted' : 'unknown'
}

/**
 * Stores the server's state of one entity (a pulled change or a mutation's
 * `current`) and lays the entity's queued edits over it again, so an older
 * server state never undoes an edit still on its way. A state older than
 * the one held is ignored (a pull that read before a push was answered).
 */
export async function applyServerChange(db: PocketDB, change: Change): Promise<void> {
  const e = change.entity
  if (e.case === 'recording') await applyRecording(db, e.value)
  else if (e.case === 'folder') await applyFolder(db, e.value)
  else if (e.case === 'tombstone') await applyTombstone(db, e.value)
}

async function knownVersion(db: PocketDB, kind: 'recording' | 'folder', id: string): Promise<number> {
  const base = await db.syncBase.get(baseKey(kind, id))
  const held =
    kind === 'recording'
      ? base
        ? base.recording
        : await db.recordings.get(id)
      : base
        ? base.folder
        : await db.folders.get(id)
  return held?.version ?? 0
}

async function applyRecording(db: PocketDB, state: RecordingState): Promise<void> {
  if (Number(state.version) < (await knownVersion(db, 'recording', state.id))) return
  const row = recordingRowFromState(state)
  const cached = await db.details.get(state.id)
  const detail = cached && { ...detailFieldsFromState(state, row.data), fetchedAt: cached.fetchedAt }
  await db.syncBase.put({ key: baseKey('recording', state.id), recording: row, ...(detail ? { detail } : {}) })
  await recomposeRecording(db, state.id)
}

async function applyFolder(db: PocketDB, state: FolderState): Promise<void> {
  if (Number(state.version) < (await knownVersion(db, 'folder', state.id))) return
  await db.syncBase.put({ key: baseKey('folder', state.id), folder: folderRowFromState(state) })
  await recomposeFolder(db, state.id)
}

async function applyTombstone(db: PocketDB, t: Tombstone): Promise<void> {
  const kind = t.kind === EntityKind.FOLDER ? 'folder' : 'recording'
  if (Number(t.version) < (await knownVersion(db, kind, t.id))) return
  if (kind === 'folder') {
    await db.syncBase.put({ key: baseKey('folder', t.id), folder: null })
    return recomposeFolder(db, t.id)
  }
  await db.details.delete(t.id)
  await db.syncBase.put({ key: baseKey('recording', t.id), recording: null })
  await recomposeRecording(db, t.id)
}
