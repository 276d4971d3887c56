import type {
  Change,
  FolderState,
  HighlightState,
  RecordingState,
  TemplateState,
  Tombstone,
} from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import type { PocketDB, StoredDetail } from '../db'
import { baseKey } from './mutation'
import {
  preloadFolders,
  preloadRecordings,
  recomposeFolder,
  recomposeHighlight,
  recomposeRecording,
  recomposeTemplate,
} from './rebase'
import {
  detailFieldsFromState,
  detailFieldsOf,
  folderRowFromState,
  highlightRowFromState,
  recordingRowFromState,
  templateRowFromState,
} from './serverState'
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
  else if (e.case === 'highlight') await applyHighlight(s, e.value)
  else if (e.case === 'template') await applyTemplate(s, e.value)
  else if (e.case === 'tombstone') await applyTombstone(s, e.value)
}

type Kind = 'recording' | 'folder' | 'highlight' | 'template'

async function knownVersion(s: Stage, kind: Kind, id: string): Promise<number> {
  const base = await s.syncBase.get(baseKey(kind, id))
  const held = base ? base[kind] : await s[`${kind}s`].get(id)
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

async function applyHighlight(s: Stage, state: HighlightState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'highlight', state.id))) return
  s.syncBase.put({ key: baseKey('highlight', state.id), highlight: highlightRowFromState(state) })
  await recomposeHighlight(s, state.id)
}

async function applyTemplate(s: Stage, state: TemplateState): Promise<void> {
  if (Number(state.version) < (await knownVersion(s, 'template', state.id))) return
  s.syncBase.put({ key: baseKey('template', state.id), template: templateRowFromState(state) })
  await recomposeTemplate(s, state.id)
}

const KINDS: Partial<Record<EntityKind, Kind>> = {
  [EntityKind.FOLDER]: 'folder',
  [EntityKind.HIGHLIGHT]: 'highlight',
  [EntityKind.TEMPLATE]: 'template',
}
const RECOMPOSE = { folder: recomposeFolder, highlight: recomposeHighlight, template: recomposeTemplate }

async function applyTombstone(s: Stage, t: Tombstone): Promise<void> {
  const kind = KINDS[t.kind] ?? 'recording'
  if (Number(t.version) < (await knownVersion(s, kind, t.id))) return
  if (kind !== 'recording') {
    s.syncBase.put({ key: baseKey(kind, t.id), [kind]: null })
    return RECOMPOSE[kind](s, t.id)
  }
  // Its highlights go with it, as on the server (whose tombstones for them follow).
  for (const id of await s.highlightsOf(t.id)) {
    s.syncBase.put({ key: baseKey('highlight', id), highlight: null })
    await recomposeHighlight(s, id)
  }
  s.details.delete(t.id)
  s.syncBase.put({ key: baseKey('recording', t.id), recording: null })
  await recomposeRecording(s, t.id)
}

async function preloadChanges(s: Stage, changes: Change[]): Promise<void> {
  const recordings: string[] = []
  const folders: string[] = []
  const filedIn: string[] = []
  const highlights: string[] = []
  const templates: string[] = []
  for (const { entity: e } of changes) {
    if (e.case === 'recording') {
      recordings.push(e.value.id)
      filedIn.push(e.value.folderId)
    } else if (e.case === 'folder') folders.push(e.value.id)
    else if (e.case === 'highlight') highlights.push(e.value.id)
    else if (e.case === 'template') templates.push(e.value.id)
    else if (e.case === 'tombstone') {
      const kind = KINDS[e.value.kind] ?? 'recording'
      ;({ recording: recordings, folder: folders, highlight: highlights, template: templates })[kind].push(e.value.id)
    }
  }
  await Promise.all([
    preloadRecordings(s, recordings, filedIn),
    preloadFolders(s, folders),
    s.syncBase.load(highlights.map((id) => baseKey('highlight', id))),
    s.highlights.load(highlights),
    s.loadOutbox([...highlights, ...templates]),
    s.syncBase.load(templates.map((id) => baseKey('template', id))),
    s.templates.load(templates),
  ])
}
