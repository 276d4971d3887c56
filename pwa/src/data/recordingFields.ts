import { asObject, type LooseObject } from './normalize/loose'

/*
 * The fields of a recording its owner edits, declared once for the app.
 * The server's table is pkg/recordings/fields.go and the message is
 * UpdateRecording in proto/pocket/sync/v1/sync.proto (tests hold all three
 * together). Each field but the folder is the member of the recording (list
 * item and detail alike) under its name, so the table alone drives: the
 * outbox's encoding (sync/mutation.ts), laying a queued edit over the server's
 * copy of the row and the detail (sync/optimistic.ts, sync/serverState.ts), the line
 * naming a waiting or refused edit (features/sync/describeEdit.ts), and, for
 * a flag, its toggle button and its filter in the list's panel.
 */

export interface TextField {
  kind: 'text'
  /** How a waiting edit of it is named, e.g. `Rename of “Standup”`. */
  describe: (subject: string) => string
}

export interface FlagField {
  kind: 'flag'
  describe: (subject: string, on: boolean) => string
  /** The toggle's name while off and while on ("Star" / "Unstar"). */
  toggle: readonly [string, string]
  /** The list filter showing only recordings with it on ("Starred"); also the dashboard's parameter, lower-cased. */
  filter: string
  /** On, it takes the recording out of the list and search until its filter is on. */
  hides?: boolean
}

export type RecordingField = TextField | FlagField

export const RECORDING_FIELDS = {
  title: { kind: 'text', describe: (s) => `Rename of ${s}` },
  description: { kind: 'text', describe: (s) => `Description of ${s}` },
  // Not a member: a move files the recording elsewhere ('' for General), laid over by moveRow.
  folderId: { kind: 'text', describe: (s) => `Move of ${s}` },
  starred: {
    kind: 'flag',
    describe: (s, on) => `${on ? 'Star' : 'Unstar'} of ${s}`,
    toggle: ['Star', 'Unstar'],
    filter: 'Starred',
  },
  archived: {
    kind: 'flag',
    describe: (s, on) => `${on ? 'Archive' : 'Unarchive'} of ${s}`,
    toggle: ['Archive', 'Unarchive'],
    filter: 'Archived',
    hides: true,
  },
  // The owner's markdown note: private (never on a share link), edited in the Notes tab.
  note: { kind: 'text', describe: (s) => `Note on ${s}` },
} as const satisfies Record<string, RecordingField>

export type FieldName = keyof typeof RECORDING_FIELDS
export type FlagName = { [K in FieldName]: (typeof RECORDING_FIELDS)[K]['kind'] extends 'flag' ? K : never }[FieldName]
/** The fields that are members of the recording object (all but the folder). */
export type MemberName = Exclude<FieldName, 'folderId'>

/** A patch of a recording as the outbox holds it: the fields set, by name. */
export type FieldValues = { [K in FieldName]?: (typeof RECORDING_FIELDS)[K]['kind'] extends 'flag' ? boolean : string }

export const FIELD_NAMES = Object.keys(RECORDING_FIELDS) as FieldName[]
export const MEMBER_NAMES = FIELD_NAMES.filter((n): n is MemberName => n !== 'folderId')
export const FLAG_NAMES = FIELD_NAMES.filter((n): n is FlagName => RECORDING_FIELDS[n].kind === 'flag')

export const flagField = (name: FlagName): FlagField => RECORDING_FIELDS[name]

/** Whether a recording (list item or detail's recording) has the flag on: only `true` counts, as the server reads it. */
export function flagOn(recording: unknown, name: FlagName): boolean {
  return asObject(recording)?.[name] === true
}

export type Flags = Record<FlagName, boolean>

/** Each flag of a recording. */
export function flagsOf(recording: unknown): Flags {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, flagOn(recording, name)])) as Flags
}

/** Whether the list leaves the recording out (a hiding flag is on). */
export function hiddenFromList(recording: unknown): boolean {
  return FLAG_NAMES.some((name) => flagField(name).hides && flagOn(recording, name))
}

/** The members a patch sets, laid over a recording object (row data or detail recording). */
export function setMembers(recording: LooseObject, values: FieldValues): LooseObject {
  const out = { ...recording }
  for (const name of MEMBER_NAMES) if (values[name] !== undefined) out[name] = values[name]
  return out
}

/** The line naming an edit of these fields: the first field set decides, in the table's order. */
export function describeFields(values: FieldValues, subject: string): string {
  for (const name of FIELD_NAMES) {
    const value = values[name]
    if (value === undefined) continue
    const field: RecordingField = RECORDING_FIELDS[name]
    return field.kind === 'flag' ? field.describe(subject, value === true) : field.describe(subject)
  }
  return `Change to ${subject}`
}

/** The members of a recording object (undefined where it has none). */
export function membersOf(recording: LooseObject): Partial<Record<MemberName, unknown>> {
  return Object.fromEntries(MEMBER_NAMES.map((name) => [name, recording[name]]))
}
