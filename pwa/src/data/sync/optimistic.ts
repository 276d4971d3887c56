import type { StoredFolder, StoredRecording } from '../db'
import { asObject, text, type LooseObject } from '../normalize/loose'
import { canonicalSpeakerId } from '../normalize/speakers'
import { toStored } from '../storedRecording'
import type { OpValue, QueuedMutation } from './mutation'
import { folderIdOf } from '../storedRecording'
import type { DetailFields } from './serverState'
import { setMembers } from '../recordingFields'

/**
 * Optimistic edits as pure functions: what the device shows is the server's
 * copy with every queued edit laid over it, in order. The same fold serves
 * an edit made now, a pull that brings a newer server copy (the edits are
 * laid over it again, so they are not undone), and a discarded edit (the
 * fold runs without it, so it leaves no trace).
 */
export interface Edit {
  mutation: QueuedMutation
  /** When the user made it (epoch ms): the server stamps updatedAt the same way. */
  at: number
}

export interface RecordingParts {
  row: StoredRecording | null
  detail: DetailFields | null
}

/** The server copy with the edits laid over; the row is marked pending while any edit waits. */
export function foldRecording(base: RecordingParts, edits: Edit[]): RecordingParts {
  let { row, detail } = base
  const original = base.detail
  for (const { mutation, at } of edits) {
    const op = mutation.op
    if (op.case === 'updateRecording') {
      row = row && updateRow(row, op.value, at)
      detail = detail && updateDetail(detail, op.value)
    } else if (op.case === 'deleteRecording') {
      row = null
    } else if (op.case === 'renameSpeaker') {
      row = row && touch(row, at)
      detail = detail && { ...detail, speakers: renameSpeakerIn(detail.speakers, op.value, original?.speakers) }
    }
  }
  if (row && edits.length > 0) row = { ...row, data: { ...row.data, syncStatus: 'pending' } }
  return { row, detail }
}

function updateRow(row: StoredRecording, u: OpValue<'updateRecording'>, at: number): StoredRecording {
  const data = setMembers(row.data, u)
  let folderId = folderIdOf(row)
  if (u.folderId !== undefined) {
    const previous = asObject(data.folder)
    const sameFolder = previous && text(previous.id) === u.folderId
    folderId = u.folderId
    if (folderId === '') delete data.folder
    // The name is filled from the folders table (withFolderName); keep one we already know.
    else data.folder = sameFolder ? previous : { id: folderId, name: '' }
    // Like the server: members the device wrote stay in step with the move.
    for (const k of ['folderId', 'folder_id'].filter((k) => k in data)) {
      if (folderId) data[k] = folderId
      else delete data[k]
    }
  }
  return { ...touch({ ...row, data: data as StoredRecording['data'] }, at), folderId }
}

function updateDetail(detail: DetailFields, u: OpValue<'updateRecording'>): DetailFields {
  return setMembers(detail, u) as DetailFields
}

/** The server bumps updatedAt on every edit; so does the device (a REST page then never looks newer than the edit). */
function touch(row: StoredRecording, at: number): StoredRecording {
  return { ...row, data: { ...row.data, updatedAt: new Date(at).toISOString() } }
}

/**
 * Names one speaker in the loose speakers field (a JSON string or an object
 * keyed by labels), keeping its shape. An empty name restores the one the
 * server copy had.
 */
export function renameSpeakerIn(
  speakers: unknown,
  r: Pick<OpValue<'renameSpeaker'>, 'speaker' | 'name'>,
  original?: unknown,
): unknown {
  const obj: LooseObject = { ...(asObject(speakers) ?? {}) }
  const want = canonicalSpeakerId(r.speaker)
  const key = Object.keys(obj).find((k) => canonicalSpeakerId(k) === want) ?? want
  const entry = asObject(obj[key]) ?? {}
  const profile = asObject(entry.speakerProfile ?? entry.speaker_profile) ?? {}
  const name = r.name === '' ? profileName(original, key) : r.name
  // As the server does: the uploaded name stays as originalName (the speaker mind map is keyed by it).
  const uploaded = text(profile.originalName) || text(profile.name)
  const next: LooseObject = { ...profile, name }
  if (uploaded && uploaded !== name) next.originalName = uploaded
  else delete next.originalName
  obj[key] = { ...entry, speakerProfile: next }
  return typeof speakers === 'string' ? JSON.stringify(obj) : obj
}

function profileName(speakers: unknown, key: string): string {
  const entry = asObject(asObject(speakers)?.[key])
  return text(asObject(entry?.speakerProfile ?? entry?.speaker_profile)?.name)
}

/** The server copy of a folder with the edits laid over; null when it is (locally) gone. */
export function foldFolder(base: StoredFolder | null, edits: Edit[]): StoredFolder | null {
  let folder = base
  for (const { mutation, at } of edits) {
    const op = mutation.op
    if (op.case === 'createFolder') {
      const { id, name, parentId } = op.value
      folder = { ...(folder ?? { id, parentId, createdAtMs: at }), name }
    } else if (op.case === 'renameFolder') {
      folder = folder && { ...folder, name: op.value.name }
    } else if (op.case === 'setFolderTemplate') {
      folder = folder && withTemplate(folder, op.value.templateId)
    } else if (op.case === 'deleteFolder') {
      folder = null
    }
  }
  return folder
}

/** The folder naming templateId as its summary template ('' names none, and leaves the field out as the server's copy does). */
export function withTemplate(folder: StoredFolder, templateId: string): StoredFolder {
  const { templateId: _previous, ...rest } = folder
  return templateId ? { ...rest, templateId } : rest
}

/** How a folder affects the rows filed in it: its current name, or gone (the row shows General). */
export type FolderView = { name: string } | 'deleted' | 'unknown'

/** The row as the list shows it: its folder's name, and no sortKey when the list must not show it. */
export function finishRow(row: StoredRecording, folder: FolderView): StoredRecording {
  const data: LooseObject = { ...row.data }
  const folderId = folderIdOf(row)
  if (folder === 'deleted') delete data.folder
  else if (folder !== 'unknown' && folderId)
    data.folder = { ...(asObject(data.folder) ?? {}), id: folderId, name: folder.name }
  const shown = toStored(data as StoredRecording['data'])
  const out: StoredRecording = { ...row, ...shown, folderId }
  // Left out, not '': IndexedDB does not index a missing key, so the list (orderBy sortKey) skips the row.
  if (row.empty || shown.sortKey === undefined) delete (out as Partial<StoredRecording>).sortKey
  return out
}
