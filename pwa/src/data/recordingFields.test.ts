import { create, toJson } from '@bufbuild/protobuf'
import { afterEach, describe, expect, it } from 'vitest'
import { MutationSchema } from '@/gen/pocket/sync/v1/sync_pb'
import { describeEdit } from '@/features/sync/describeEdit'
import goFields from '../../../pkg/recordings/fields.go?raw'
import {
  FIELD_NAMES,
  FLAG_NAMES,
  flagField,
  hiddenFromList,
  RECORDING_FIELDS,
  type FieldName,
  type FieldValues,
} from './recordingFields'
import { toStored } from './storedRecording'
import { FakeSyncServer } from './sync/fakeSyncServer'
import { makeMutation, mutationToJson, readMutation, type MutationInit } from './sync/mutation'
import { foldRecording } from './sync/optimistic'
import { deviceRegistry } from './sync/testKit'

/**
 * Every field of the table goes the whole way: encoded in the outbox as
 * protobuf would, laid over the row and the detail, kept over a newer
 * server copy, named in the list of waiting edits, sent and applied. A field
 * added to the table without a sample here does not compile.
 */
const SAMPLES = {
  title: { value: 'Planning', says: 'Rename of “Standup”' },
  description: { value: 'Weekly', says: 'Description of “Standup”' },
  folderId: { value: 'f2', says: 'Move of “Standup”' },
  starred: { value: true, says: 'Star of “Standup”' },
  archived: { value: true, says: 'Archive of “Standup”' },
  note: { value: '# Follow up\n- call Ada', says: 'Note on “Standup”' },
} satisfies { [K in FieldName]: { value: NonNullable<FieldValues[K]>; says: string } }

const edit = (name: FieldName, value: unknown): MutationInit => ({
  op: { case: 'updateRecording', value: { id: 'r1', [name]: value } },
})

const serverItem = { title: 'Standup', description: 'Daily', duration: 10 }

/** What the device shows of the field on a row (its member, or the folder it is filed in). */
const shownOn = (row: { folderId?: string; data: Record<string, unknown> }, name: FieldName) =>
  name === 'folderId' ? row.folderId : row.data[name]

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

describe.each(FIELD_NAMES)('the %s field', (name) => {
  const { value, says } = SAMPLES[name]

  it('is written to the outbox as protobuf writes it, and read back', () => {
    const m = makeMutation(edit(name, value), 'k')
    expect(mutationToJson(m)).toEqual(toJson(MutationSchema, create(MutationSchema, m)))
    expect(readMutation({ mutation: mutationToJson(m) })).toEqual(m)
  })

  it('is laid over the row, and over the detail when it is a member of the recording', () => {
    const row = { id: 'r1', sortKey: '2026-02-01', folderId: 'f1', data: { id: 'r1', ...serverItem } }
    const detail = { speakers: null, ...serverItem }
    const out = foldRecording({ row, detail }, [{ mutation: makeMutation(edit(name, value), 'k'), at: 0 }])
    expect(shownOn(out.row!, name)).toBe(value)
    expect(out.row!.data.syncStatus).toBe('pending')
    if (name !== 'folderId') expect(out.detail![name]).toBe(value)
  })

  it('names its edit', () => {
    const names = { recordingTitle: () => 'Standup', folderName: () => null }
    expect(describeEdit(makeMutation(edit(name, value), 'k'), names)).toBe(says)
  })

  it('survives a newer server copy while queued, then is sent once and shown as the server has it', async () => {
    const server = new FakeSyncServer()
    server.putFolder('f1', 'Work')
    server.putFolder('f2', 'Ideas')
    server.putRecording('r1', serverItem, { folderId: 'f1' })
    const d = devices.open(server)
    await d.sync.pullChanges()
    await d.sync.enqueue(edit(name, value))

    server.putRecording('r1', { ...serverItem, duration: 99 }, { folderId: 'f1' }) // another device's change
    await d.sync.pullChanges()
    let row = (await d.db.recordings.get('r1'))!
    expect(shownOn(row, name)).toBe(value)
    expect(row.data).toMatchObject({ duration: 99, syncStatus: 'pending' })

    await d.sync.flush()
    expect(server.applied).toHaveLength(1)
    expect(await d.db.outbox.count()).toBe(0)
    row = (await d.db.recordings.get('r1'))!
    expect(shownOn(row, name)).toBe(value)
    expect(row.data.syncStatus).toBeUndefined()
    expect(name === 'folderId' ? server.recordings.get('r1')!.folderId : server.recordings.get('r1')!.item[name]).toBe(
      value,
    )
  })
})

describe('flags', () => {
  it.each(FLAG_NAMES)(
    '%s: its toggle is named as the server draws it on a first paint (pkg/recordings/fields.go)',
    (name) => {
      const [off, on] = flagField(name).toggle
      expect(goFields).toContain(`{Name: "${name}", Kind: FlagField`)
      expect(goFields).toContain(`Toggle: [2]string{"${off}", "${on}"}`)
    },
  )

  it('names turning one off', () => {
    const names = { recordingTitle: () => 'Standup', folderName: () => null }
    expect(describeEdit(makeMutation(edit('starred', false), 'k'), names)).toBe('Unstar of “Standup”')
    expect(describeEdit(makeMutation(edit('archived', false), 'k'), names)).toBe('Unarchive of “Standup”')
  })

  it('archived takes a recording off the list (no sort key), starred does not', () => {
    expect(hiddenFromList({ archived: true })).toBe(true)
    expect(hiddenFromList({ archived: 'true', starred: true })).toBe(false)
    expect(toStored({ id: 'r1', recordingAt: '2026-02-01T09:00:00Z', archived: true }).sortKey).toBeUndefined()
    expect(toStored({ id: 'r1', recordingAt: '2026-02-01T09:00:00Z', starred: true }).sortKey).toBe(
      '2026-02-01T09:00:00.000Z',
    )
    expect(RECORDING_FIELDS.archived.hides).toBe(true)
  })

  it('an archived row leaves the list as soon as it is archived here, and comes back when unarchived', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', serverItem)
    const d = devices.open(server)
    await d.sync.pullChanges()
    const listed = async () => (await d.db.recordings.orderBy('sortKey').primaryKeys()).length
    expect(await listed()).toBe(1)
    await d.sync.enqueue(edit('archived', true))
    expect(await listed()).toBe(0)
    await d.sync.flush()
    expect(await listed()).toBe(0)
    await d.sync.enqueue(edit('archived', false))
    expect(await listed()).toBe(1)
  })
})
