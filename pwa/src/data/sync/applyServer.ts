import type { Change, FolderState, RecordingState, Tombstone } from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import type { PocketDB, StoredDetail } from '../db'
import { baseKey } from './mutation'
import { preloadFolders, preloadRecordings, recomposeFolder, recomposeRecording } from './rebase'
import { detailFieldsFromState, detailFieldsOf, folderRowFromState, recordingRowFromState } from './serverState'
import { Stage } from './stage'

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
  for (const change of changes) {
    await stage.breathe() // a page lands in one transaction, in several tasks of the main thread
    await applyChange(stage, change)
  }
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
  const held =
    kind === 'recording'
      ? base
        ? base.recording
        : await s.recordings.get(id)
      : base
        ? base.folder
        : await s.folders.get(id)
  return held?.version ?? 0
}

async function applyRecording(s: Stage, state: RecordingState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'recording', state.id))) return
  const row = recordingRowFromState(state)
  const cached = await s.details.get(state.id)
  const detail = cached && {
    ...detailFieldsFromState(state, row.data, await serverSpeakers(s, cached)),
    fetchedAt: cached.fetchedAt,
  }
  s.syncBase.put({ key: baseKey('recording', state.id), recording: row, ...(detail ? { detail } : {}) })
  await recomposeRecording(s, state.id)
}

/** The speakers of the server's copy of a held detail: kept apart while edits are queued, else the detail itself. */
async function serverSpeakers(s: Stage, cached: StoredDetail): Promise<unknown> {
  const base = await s.syncBase.get(baseKey('recording', cached.id))
  return base?.detail ? base.detail.speakers : detailFieldsOf(cached.data)?.speakers
}

async function applyFolder(s: Stage, state: FolderState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'folder', state.id))) return
  s.syncBase.put({ key: baseKey('folder', state.id), folder: folderRowFromState(state) })
  await recomposeFolder(s, state.id)
}

async function applyTombstone(s: Stage, t: Tombstone): Promise<void> {
  if (t.kind === EntityKind.HIGHLIGHT) return // the app keeps no highlights yet (ADR 15): nothing to remove
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

async function preloadChanges(s: Stage, changes: Change[]): Promise<void> {
  const recordings: string[] = []
  const folders: string[] = []
  const filedIn: string[] = []
  for (const { entity: e } of changes) {
    if (e.case === 'recording') {
      recordings.push(e.value.id)
      filedIn.push(e.value.folderId)
    } else if (e.case === 'folder') folders.push(e.value.id)
    else if (e.case === 'tombstone') (e.value.kind === EntityKind.FOLDER ? folders : recordings).push(e.value.id)
  }
  await Promise.all([preloadRecordings(s, recordings, filedIn), preloadFolders(s, folders)])
}
