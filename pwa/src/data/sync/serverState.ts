import type { FolderState, HighlightState, RecordingState, TemplateState } from '@/gen/pocket/sync/v1/sync_pb'
import type { StoredFolder, StoredHighlight, StoredRecording, StoredTemplate } from '../db'
import { asObject, type LooseObject } from '../normalize/loose'
import { detailBody } from '../normalize/detail'
import { toStored } from '../storedRecording'
import type { Recording } from '../types'
import { MEMBER_NAMES, membersOf, type MemberName } from '../recordingFields'

/** What sync keeps in step on a cached recording detail (an open screen shows it): speakers and the edited members. */
export type DetailFields = { speakers: unknown } & Partial<Record<MemberName, unknown>>

/**
 * The list row of a pulled recording: item_json is the dashboard item, so
 * it is stored exactly as a REST page would store it, plus sync's fields.
 */
export function recordingRowFromState(state: RecordingState): StoredRecording {
  const item = asObject(state.itemJson) ?? {}
  const data = { ...item, id: state.id } as Recording
  return {
    ...toStored(data),
    version: Number(state.version),
    folderId: state.folderId,
    empty: state.empty,
    speakersJson: state.speakersJson,
  }
}

/**
 * The detail fields a pulled state carries: speakers as stored (a JSON string
 * stays a string). A state without speakers leaves the server's speakers
 * the device already holds (`heldSpeakers`): a relay's mirror learns a recording's speakers only
 * from its detail, so its states carry none for recordings whose names were
 * never changed through it, and a fetched detail's names must not be wiped by
 * the next pull. A detail fetched later (every open, every live event) brings
 * the server's own.
 */
export function detailFieldsFromState(state: RecordingState, data: Recording, heldSpeakers?: unknown): DetailFields {
  const speakers = state.speakersJson.trim() === '' ? heldSpeakers : parseSpeakersJson(state.speakersJson)
  return { speakers, ...membersOf(data) }
}

function parseSpeakersJson(json: string): unknown {
  if (json.trim() === '') return undefined
  try {
    return JSON.parse(json) as unknown
  } catch {
    return json // the loose shape: the speakers parser reports what it cannot read
  }
}

export function folderRowFromState(f: FolderState): StoredFolder {
  const row: StoredFolder = {
    id: f.id,
    name: f.name,
    parentId: f.parentId,
    createdAtMs: Number(f.createdAtMs),
    version: Number(f.version),
  }
  if (f.templateId) row.templateId = f.templateId
  return row
}

export function highlightRowFromState(h: HighlightState): StoredHighlight {
  return {
    id: h.id,
    recordingId: h.recordingId,
    start: h.start,
    end: h.end,
    text: h.text,
    note: h.note,
    speakers: [...h.speakers],
    createdAtMs: Number(h.createdAtMs),
    updatedAtMs: Number(h.updatedAtMs),
    version: Number(h.version),
  }
}

export function templateRowFromState(t: TemplateState): StoredTemplate {
  return {
    id: t.id,
    name: t.name,
    sections: t.sections.map(({ heading, instruction }) => ({ heading, instruction })),
    createdAtMs: Number(t.createdAtMs),
    updatedAtMs: Number(t.updatedAtMs),
    version: Number(t.version),
  }
}

/** The fields sync edits, read from a cached detail body; null when it holds no recording. */
export function detailFieldsOf(detail: unknown): DetailFields | null {
  const body = detailBody(detail)
  const recording = asObject(body?.recording)
  if (!body || !recording) return null
  return { speakers: body.speakers ?? recording.speakers, ...membersOf(recording) }
}

/** The detail body with the fields replaced; anything else in it is kept as cached. */
export function withDetailFields(detail: unknown, fields: DetailFields): unknown {
  const body = detailBody(detail)
  const recording = asObject(body?.recording)
  if (!body || !recording) return detail
  const rec: LooseObject = { ...recording }
  for (const name of MEMBER_NAMES) setOrDelete(rec, name, fields[name])
  const out: LooseObject = { ...body, recording: rec }
  // body.speakers wins over recording.speakers when the detail is read.
  setOrDelete(out, 'speakers', fields.speakers)
  return out
}

function setOrDelete(obj: LooseObject, key: string, value: unknown): void {
  if (value === undefined) delete obj[key]
  else obj[key] = value
}
