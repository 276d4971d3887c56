import type { Mutation } from '@/gen/pocket/sync/v1/sync_pb'
import type { OutboxEntry, OutboxKind } from '../db'
import { FIELD_NAMES, RECORDING_FIELDS } from '../recordingFields'

/*
 * Mutations as plain objects, written to and read from the outbox as
 * proto3 JSON without the protobuf runtime: the list reads queued edits on
 * its first paint (the rows they wait on, the sync status), and the
 * runtime with the sync descriptors would double the JavaScript it loads
 * first. Only sending needs the runtime, and a plain mutation is already a
 * valid init of the generated message. mutation.test.ts holds this table to
 * the descriptors, and the JSON to protobuf's own reader and writer.
 */

type Plain<T> = { [K in keyof Omit<T, '$typeName' | '$unknown'>]: T[K] extends (infer E)[] ? Plain<E>[] : T[K] }
type PlainOp<O> = O extends { case: infer C extends string; value: infer V } ? { case: C; value: Plain<V> } : never

/** An operation of pocket.sync.v1.Mutation: { case, value } as protobuf-es shapes a oneof. */
export type MutationOp = PlainOp<Mutation['op']>
export type OpCase = MutationOp['case']
/** The value of one operation, e.g. OpValue<'renameSpeaker'>. */
export type OpValue<C extends OpCase> = Extract<MutationOp, { case: C }>['value']

/** A queued edit: pocket.sync.v1.Mutation as plain data. */
export interface QueuedMutation {
  idempotencyKey: string
  op: MutationOp
}

/** A mutation as the caller describes it; the key is added when it is queued. */
export interface MutationInit {
  op: { [C in OpCase]: { case: C; value: Partial<OpValue<C>> } }[OpCase]
}

export interface MutationTarget {
  kind: OutboxKind
  entityId: string
}

/**
 * Text: implicit fields read "" when absent, optional ones stay unset; flags (optional booleans) stay unset;
 * numbers (doubles, implicit) read 0 when absent; a template's sections (a repeated message) read [] when absent.
 */
type Presence = 'implicit' | 'optional' | 'flag' | 'number' | 'sections'

/** A recording's edit: its id, then each field of the table (recordingFields.ts). */
const UPDATE_RECORDING = {
  id: 'implicit',
  ...Object.fromEntries(
    FIELD_NAMES.map((name) => [name, RECORDING_FIELDS[name].kind === 'flag' ? 'flag' : 'optional']),
  ),
} as Record<keyof OpValue<'updateRecording'>, Presence>

/** Each operation's fields and their presence. */
export const OP_FIELDS: { readonly [C in OpCase]: Readonly<Record<keyof OpValue<C>, Presence>> } = {
  updateRecording: UPDATE_RECORDING,
  deleteRecording: { id: 'implicit' },
  createFolder: { id: 'implicit', name: 'implicit', parentId: 'implicit' },
  renameFolder: { id: 'implicit', name: 'implicit' },
  deleteFolder: { id: 'implicit' },
  setFolderTemplate: { id: 'implicit', templateId: 'implicit' },
  renameSpeaker: { recordingId: 'implicit', speaker: 'implicit', name: 'implicit' },
  askQuestion: { recordingId: 'implicit', message: 'implicit', sessionId: 'implicit' },
  createHighlight: { id: 'implicit', recordingId: 'implicit', start: 'number', end: 'number', note: 'implicit' },
  updateHighlight: { id: 'implicit', note: 'implicit' },
  deleteHighlight: { id: 'implicit' },
  createTemplate: { id: 'implicit', name: 'implicit', sections: 'sections' },
  updateTemplate: { id: 'implicit', name: 'implicit', sections: 'sections' },
  deleteTemplate: { id: 'implicit' },
}

const CASES = Object.keys(OP_FIELDS) as OpCase[]
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** A member by its JSON name or its proto name, as protobuf's JSON reader takes either. */
function member(json: Record<string, unknown>, name: string): unknown {
  return name in json ? json[name] : json[snake(name)]
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

type Section = { heading: string; instruction: string }
type Value = string | boolean | number | Section[]

/** A section's text as proto3 JSON has it: absent at its default; null when not text. */
const text = (v: unknown): string | null => (v === undefined || v === null ? '' : typeof v === 'string' ? v : null)

/** Sections as proto3 JSON reads them; null when not a list of them. */
function sectionsOf(v: unknown): Section[] | null {
  if (!Array.isArray(v)) return null
  const out = v.map((s: unknown) =>
    isObject(s) ? { heading: text(s.heading), instruction: text(s.instruction) } : null,
  )
  return out.every((s) => s && s.heading !== null && s.instruction !== null) ? (out as Section[]) : null
}

/** The operation's value with only its own fields: implicit ones default to "", optional ones are kept when set. */
function opValue(opCase: OpCase, from: Record<string, unknown>): Record<string, Value> | null {
  const value: Record<string, Value> = {}
  for (const [field, presence] of Object.entries<Presence>(OP_FIELDS[opCase])) {
    const v = from[field]
    if (v === undefined || v === null) {
      if (presence === 'implicit') value[field] = ''
      else if (presence === 'number') value[field] = 0
      else if (presence === 'sections') value[field] = []
    } else if (presence === 'sections') {
      const sections = sectionsOf(v)
      if (!sections) return null
      value[field] = sections
    } else if (typeof v === (presence === 'flag' ? 'boolean' : presence === 'number' ? 'number' : 'string'))
      value[field] = v as Value
    else return null
  }
  return value
}

/** The mutation with its idempotency key, as it will be sent (and resent). */
export function makeMutation(init: MutationInit, key: string): QueuedMutation {
  const value = opValue(init.op.case, init.op.value)
  if (!value) throw new Error(`sync: a field of ${init.op.case} has a value of the wrong type`)
  return { idempotencyKey: key, op: { case: init.op.case, value } as MutationOp }
}

/** Proto3 JSON in the outbox: any later version of the app (or a person in devtools) can read it. */
export function mutationToJson(m: QueuedMutation): Record<string, unknown> {
  const json: Record<string, unknown> = {}
  if (m.idempotencyKey) json.idempotencyKey = m.idempotencyKey
  const value: Record<string, Value> = {}
  for (const [field, presence] of Object.entries<Presence>(OP_FIELDS[m.op.case])) {
    const v = (m.op.value as Record<string, Value | undefined>)[field]
    // As protobuf writes it: an implicit field at its default is left out, a set optional one is kept.
    if (
      v !== undefined &&
      (presence !== 'implicit' || v !== '') &&
      (presence !== 'number' || v !== 0) &&
      (presence !== 'sections' || (v as Section[]).length > 0)
    )
      // A section's text at its default is left out too.
      value[field] =
        presence === 'sections'
          ? (v as Section[]).map((s) => Object.fromEntries(Object.entries(s).filter(([, t]) => t !== '')) as Section)
          : v
  }
  json[m.op.case] = value
  return json
}

/** The row's mutation, or null when it cannot be read (it must not block the queue behind it). */
export function readMutation(row: Pick<OutboxEntry, 'mutation'>): QueuedMutation | null {
  const json = row.mutation
  if (!isObject(json)) return null
  const key = member(json, 'idempotencyKey') ?? ''
  const present = CASES.filter((c) => member(json, c) !== undefined && member(json, c) !== null)
  const [opCase, ...more] = present
  if (typeof key !== 'string' || !opCase || more.length > 0) return null
  const from = member(json, opCase)
  if (!isObject(from)) return null
  const named: Record<string, unknown> = {}
  for (const field of Object.keys(OP_FIELDS[opCase])) named[field] = member(from, field)
  const value = opValue(opCase, named)
  return value && { idempotencyKey: key, op: { case: opCase, value } as MutationOp }
}

/** What a mutation changes: the entity its outbox row waits on. */
export function targetOf(m: Pick<QueuedMutation, 'op'>): MutationTarget {
  const op = m.op
  switch (op.case) {
    case undefined:
      throw new Error('sync: no operation')
    case 'renameSpeaker':
      return { kind: 'recording', entityId: op.value.recordingId }
    case 'askQuestion':
      return { kind: 'question', entityId: op.value.recordingId }
  }
  // The others name their entity by id, and its kind by a word of their name (deleteRecording, renameFolder,
  // setFolderTemplate, createHighlight): one rule rather than a case each keeps the list's initial JavaScript
  // in its budget.
  const kind = op.case.includes('Folder')
    ? 'folder'
    : op.case.endsWith('Highlight')
      ? 'highlight'
      : op.case.endsWith('Template')
        ? 'template'
        : 'recording'
  return { kind, entityId: op.value.id }
}

/** The Dexie key of an entity's server copy (StoredSyncBase.key). */
export function baseKey(kind: 'recording' | 'folder' | 'highlight' | 'template', id: string): string {
  return `${kind}:${id}`
}
