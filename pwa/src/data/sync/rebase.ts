import type { Change, FolderState, RecordingState, Tombstone } from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import type { OutboxEntry, PocketDB, StoredSyncBase } from '../db'
import { baseKey, readMutation, type MutationTarget } from './mutation'
import { finishRow, foldFolder, foldRecording, type Edit, type FolderView } from './optimistic'
import { ofKind, Stage } from './stage'
import { detailFieldsFromState, detailFieldsOf, folderIdOf, folderRowFromState, recordingRowFromState, withDetailFields } from './serverState'

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
  return ofKind(await db.outbox.where('entityId').equals(id).toArray(), kind)
}

const editsOf = (rows: OutboxEntry[]): Edit[] =>
  rows.flatMap((r) => {
    const mutation = readMutation(r)
    return mutation ? [{ mutation, at: r.createdAt }] : []
  })

/** Shows the entity as server copy + its queued edits (questions change no table). */
export async function recompose(db: PocketDB, target: MutationTarget): Promise<void> {
  await recomposeAll(db, [target])
}

/** recompose for each target, in order, reading and writing the tables once. */
export async function recomposeAll(db: PocketDB, targets: MutationTarget[]): Promise<void> {
  const stage = new Stage(db)
  await preloadTargets(stage, targets)
  for (const target of targets) await recomposeIn(stage, target)
  await stage.flush()
}

async function recomposeIn(s: Stage, target: MutationTarget): Promise<void> {
  if (target.kind === 'recording') await recomposeRecording(s, target.entityId)
  else if (target.kind === 'folder') await recomposeFolder(s, target.entityId)
}

async function recomposeRecording(s: Stage, id: string): Promise<void> {
  const key = baseKey('recording', id)
  const [rows, stored, view, cached] = await Promise.all([s.edits('recording', id), s.syncBase.get(key), s.recordings.get(id), s.details.get(id)])
  // No server copy kept apart and nothing queued: the row is the server copy.
  // (A copy: what the stage holds is what it read, not ours to change.)
  const base: StoredSyncBase = stored ? { ...stored } : { key, recording: view ?? null }
  const fields = cached && detailFieldsOf(cached.data)
  // A detail fetched (REST) since the copy was kept is the newer server copy.
  if (cached && fields && base.detail?.fetchedAt !== cached.fetchedAt) base.detail = { ...fields, fetchedAt: cached.fetchedAt }
  const out = foldRecording({ row: base.recording ?? null, detail: base.detail ?? null }, editsOf(rows))
  if (rows.length > 0) s.syncBase.put(base)
  else if (stored) s.syncBase.delete(key)
  if (out.row) s.recordings.put(finishRow(out.row, await folderView(s, folderIdOf(out.row))))
  else s.recordings.delete(id)
  // Without a server copy or edits there is nothing to lay over the cached detail.
  if (cached && out.detail && (stored || rows.length > 0)) s.details.put({ ...cached, data: withDetailFields(cached.data, out.detail) })
}

async function recomposeFolder(s: Stage, id: string): Promise<void> {
  const key = baseKey('folder', id)
  const [rows, stored, view] = await Promise.all([s.edits('folder', id), s.syncBase.get(key), s.folders.get(id)])
  const base: StoredSyncBase = stored ?? { key, folder: view ?? null }
  const out = foldFolder(base.folder ?? null, editsOf(rows))
  if (rows.length > 0) s.syncBase.put(base)
  else if (stored) s.syncBase.delete(key)
  if (out) s.folders.put(out)
  else s.folders.delete(id)
  // Rows filed in it show its name, or General once it is deleted.
  const members = await s.filedIn(id)
  await preloadRecordings(s, members)
  for (const member of members) await recomposeRecording(s, member)
}

/** What a row filed in folderId shows: the folder's name, or General if it is deleted here. */
async function folderView(s: Stage, folderId: string): Promise<FolderView> {
  if (!folderId) return 'unknown'
  const folder = await s.folders.get(folderId)
  if (folder) return { name: folder.name }
  // The server has it but a queued delete hides it: its rows are in General meanwhile.
  return (await s.syncBase.get(baseKey('folder', folderId)))?.folder ? 'deleted' : 'unknown'
}

/**
 * Stores the server's state of one entity (a pulled change or a mutation's
 * `current`) and lays the entity's queued edits over it again, so an older
 * server state never undoes an edit still on its way. A state older than
 * the one held is ignored (a pull that read before a push was answered).
 */
export async function applyServerChange(db: PocketDB, change: Change): Promise<void> {
  await applyServerChanges(db, [change])
}

/**
 * applyServerChange for each change of a pulled page, in order, with the
 * rows the page touches read up front and written back once. Later
 * changes see what earlier ones wrote (a folder renamed after the rows
 * filed in it renames them).
 */
export async function applyServerChanges(db: PocketDB, changes: Change[]): Promise<void> {
  const stage = new Stage(db)
  await preloadChanges(stage, changes)
  for (const change of changes) await applyChange(stage, change)
  await stage.flush()
}

async function applyChange(s: Stage, change: Change): Promise<void> {
  const e = change.entity
  if (e.case === 'recording') await applyRecording(s, e.value)
  else if (e.case === 'folder') await applyFolder(s, e.value)
  else if (e.case === 'tombstone') await applyTombstone(s, e.value)
}

async function knownVersion(s: Stage, kind: 'recording' | 'folder', id: string): Promise<number> {
  const base = await s.syncBase.get(baseKey(kind, id))
  const held = kind === 'recording' ? (base ? base.recording : await s.recordings.get(id)) : base ? base.folder : await s.folders.get(id)
  return held?.version ?? 0
}

async function applyRecording(s: Stage, state: RecordingState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'recording', state.id))) return
  const row = recordingRowFromState(state)
  const cached = await s.details.get(state.id)
  const detail = cached && { ...detailFieldsFromState(state, row.data), fetchedAt: cached.fetchedAt }
  s.syncBase.put({ key: baseKey('recording', state.id), recording: row, ...(detail ? { detail } : {}) })
  await recomposeRecording(s, state.id)
}

async function applyFolder(s: Stage, state: FolderState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'folder', state.id))) return
  s.syncBase.put({ key: baseKey('folder', state.id), folder: folderRowFromState(state) })
  await recomposeFolder(s, state.id)
}

async function applyTombstone(s: Stage, t: Tombstone): Promise<void> {
  const kind = t.kind === EntityKind.FOLDER ? 'folder' : 'recording'
  if (Number(t.version) < (await knownVersion(s, kind, t.id))) return
  if (kind === 'folder') {
    s.syncBase.put({ key: baseKey('folder', t.id), folder: null })
    return recomposeFolder(s, t.id)
  }
  s.details.delete(t.id)
  s.syncBase.put({ key: baseKey('recording', t.id), recording: null })
  await recomposeRecording(s, t.id)
}

/*
 * Reading ahead. Only speed depends on it: a row not read ahead is read
 * when a rule asks for it, so a preload that misses (an edit filing a row
 * in a folder the page does not name) costs a round trip, not a wrong row.
 */

/** Everything recomposing these recordings reads: their copies, rows, details, edits and folders. */
async function preloadRecordings(s: Stage, ids: string[], folderIds: string[] = []): Promise<void> {
  if (ids.length === 0 && folderIds.length === 0) return
  await Promise.all([s.syncBase.load(ids.map((id) => baseKey('recording', id))), s.recordings.load(ids), s.details.load(ids), s.loadOutbox(ids)])
  // The folders the rows are filed in (their names show on the rows), as held and as the page has them.
  const filed = ids.flatMap((id) => {
    const base = s.syncBase.peek(baseKey('recording', id))
    return [base?.recording, s.recordings.peek(id)].flatMap((row) => (row ? [folderIdOf(row)] : []))
  })
  const all = [...folderIds, ...filed].filter(Boolean)
  await Promise.all([s.folders.load(all), s.syncBase.load(all.map((id) => baseKey('folder', id)))])
}

async function preloadFolders(s: Stage, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const [, , , members] = await Promise.all([s.syncBase.load(ids.map((id) => baseKey('folder', id))), s.folders.load(ids), s.loadOutbox(ids), s.loadFiled(ids)])
  await preloadRecordings(s, members)
}

async function preloadChanges(s: Stage, changes: Change[]): Promise<void> {
  const recordings: string[] = []
  const folders: string[] = []
  const filedIn: string[] = []
  for (const { entity: e } of changes) {
    if (e.case === 'recording') recordings.push(e.value.id), filedIn.push(e.value.folderId)
    else if (e.case === 'folder') folders.push(e.value.id)
    else if (e.case === 'tombstone') (e.value.kind === EntityKind.FOLDER ? folders : recordings).push(e.value.id)
  }
  await Promise.all([preloadRecordings(s, recordings, filedIn), preloadFolders(s, folders)])
}

async function preloadTargets(s: Stage, targets: MutationTarget[]): Promise<void> {
  const ids = (kind: MutationTarget['kind']) => targets.filter((t) => t.kind === kind).map((t) => t.entityId)
  await Promise.all([preloadRecordings(s, ids('recording')), preloadFolders(s, ids('folder'))])
}
