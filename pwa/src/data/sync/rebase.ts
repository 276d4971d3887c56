import type { OutboxEntry, PocketDB, StoredSyncBase } from '../db'
import { baseKey, readMutation, type MutationTarget } from './mutation'
import { finishRow, foldFolder, foldRecording, type Edit, type FolderView } from './optimistic'
import { foldHighlight } from './optimisticHighlight'
import { foldTemplate } from './optimisticTemplate'
import { ofKind, Stage } from './stage'
import { folderIdOf } from '../storedRecording'
import { detailFieldsOf, withDetailFields } from './serverState'

/**
 * Laying queued edits over the server copies, in Dexie (applyServer.ts
 * writes the copies). Every function here must run inside a transaction
 * over syncTables(db): a pulled page, an answered mutation or a new edit
 * lands whole or not at all. Nothing here loads the protobuf runtime: the
 * list recomposes rows it fetched before sync has started.
 */
export function syncTables(db: PocketDB) {
  return [db.recordings, db.details, db.folders, db.outbox, db.syncBase, db.meta, db.highlights, db.templates]
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
  else if (target.kind === 'highlight') await recomposeHighlight(s, target.entityId)
  else if (target.kind === 'template') await recomposeTemplate(s, target.entityId)
}

export async function recomposeRecording(s: Stage, id: string): Promise<void> {
  const key = baseKey('recording', id)
  const [rows, stored, view, cached] = await Promise.all([
    s.edits('recording', id),
    s.syncBase.get(key),
    s.recordings.get(id),
    s.details.get(id),
  ])
  // No server copy kept apart and nothing queued: the row is the server copy.
  // (A copy: what the stage holds is what it read, not ours to change.)
  const base: StoredSyncBase = stored ? { ...stored } : { key, recording: view ?? null }
  const fields = cached && detailFieldsOf(cached.data)
  // A detail fetched (REST) since the copy was kept is the newer server copy.
  if (cached && fields && base.detail?.fetchedAt !== cached.fetchedAt)
    base.detail = { ...fields, fetchedAt: cached.fetchedAt }
  const out = foldRecording({ row: base.recording ?? null, detail: base.detail ?? null }, editsOf(rows))
  if (rows.length > 0) s.syncBase.put(base)
  else if (stored) s.syncBase.delete(key)
  if (out.row) s.recordings.put(finishRow(out.row, await folderView(s, folderIdOf(out.row))))
  else s.recordings.delete(id)
  // Without a server copy or edits there is nothing to lay over the cached detail.
  if (cached && out.detail && (stored || rows.length > 0))
    s.details.put({ ...cached, data: withDetailFields(cached.data, out.detail) })
}

export async function recomposeFolder(s: Stage, id: string): Promise<void> {
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

/**
 * A highlight as server copy + its queued edits. A highlight made here has
 * no server copy yet: the row the edit wrote (with the words quoted from the
 * device's transcript, data/highlights) is what its create is laid over.
 */
export async function recomposeHighlight(s: Stage, id: string): Promise<void> {
  const key = baseKey('highlight', id)
  const [rows, stored, view] = await Promise.all([s.edits('highlight', id), s.syncBase.get(key), s.highlights.get(id)])
  const base: StoredSyncBase = stored ?? { key, highlight: view ?? null }
  const out = foldHighlight(base.highlight ?? null, editsOf(rows), view ?? null)
  if (rows.length > 0) s.syncBase.put(base)
  else if (stored) s.syncBase.delete(key)
  if (out) s.highlights.put(out)
  else s.highlights.delete(id)
}

/** One of the user's templates as server copy + its queued edits. */
export async function recomposeTemplate(s: Stage, id: string): Promise<void> {
  const key = baseKey('template', id)
  const [rows, stored, view] = await Promise.all([s.edits('template', id), s.syncBase.get(key), s.templates.get(id)])
  const base: StoredSyncBase = stored ?? { key, template: view ?? null }
  const out = foldTemplate(base.template ?? null, editsOf(rows))
  if (rows.length > 0) s.syncBase.put(base)
  else if (stored) s.syncBase.delete(key)
  if (out) s.templates.put(out)
  else s.templates.delete(id)
}

/** What a row filed in folderId shows: the folder's name, or General if it is deleted here. */
async function folderView(s: Stage, folderId: string): Promise<FolderView> {
  if (!folderId) return 'unknown'
  const folder = await s.folders.get(folderId)
  if (folder) return { name: folder.name }
  // The server has it but a queued delete hides it: its rows are in General meanwhile.
  return (await s.syncBase.get(baseKey('folder', folderId)))?.folder ? 'deleted' : 'unknown'
}

/*
 * Reading ahead. Only speed depends on it: a row not read ahead is read
 * when a rule asks for it, so a preload that misses (an edit filing a row
 * in a folder the page does not name) costs a round trip, not a wrong row.
 */

/** Everything recomposing these recordings reads: their copies, rows, details, edits and folders. */
export async function preloadRecordings(s: Stage, ids: string[], folderIds: string[] = []): Promise<void> {
  if (ids.length === 0 && folderIds.length === 0) return
  await Promise.all([
    s.syncBase.load(ids.map((id) => baseKey('recording', id))),
    s.recordings.load(ids),
    s.details.load(ids),
    s.loadOutbox(ids),
  ])
  // The folders the rows are filed in (their names show on the rows), as held and as the page has them.
  const filed = ids.flatMap((id) => {
    const base = s.syncBase.peek(baseKey('recording', id))
    return [base?.recording, s.recordings.peek(id)].flatMap((row) => (row ? [folderIdOf(row)] : []))
  })
  const all = [...folderIds, ...filed].filter(Boolean)
  await Promise.all([s.folders.load(all), s.syncBase.load(all.map((id) => baseKey('folder', id)))])
}

export async function preloadFolders(s: Stage, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const [, , , members] = await Promise.all([
    s.syncBase.load(ids.map((id) => baseKey('folder', id))),
    s.folders.load(ids),
    s.loadOutbox(ids),
    s.loadFiled(ids),
  ])
  await preloadRecordings(s, members)
}

async function preloadTargets(s: Stage, targets: MutationTarget[]): Promise<void> {
  const ids = (kind: MutationTarget['kind']) => targets.filter((t) => t.kind === kind).map((t) => t.entityId)
  await Promise.all([preloadRecordings(s, ids('recording')), preloadFolders(s, ids('folder'))])
}
