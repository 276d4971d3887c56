import { create, equals, fromJson, ScalarType, toJson, type DescField, type JsonValue } from '@bufbuild/protobuf'
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MutationSchema } from '@/gen/pocket/sync/v1/sync_pb'
import { FIELD_NAMES } from '../recordingFields'
import { makeMutation, mutationToJson, OP_FIELDS, readMutation, type OpCase, type QueuedMutation } from './mutation'

const opOneof = MutationSchema.oneofs.find((o) => o.name === 'op')!

/** Any mutation the app could queue: every operation, every optional field set or not, any text, either flag. */
const anyMutation: fc.Arbitrary<QueuedMutation> = fc
  .constantFrom(...(Object.keys(OP_FIELDS) as OpCase[]))
  .chain((opCase) => {
    const fields = Object.entries(OP_FIELDS[opCase]).map(([name, presence]) => {
      const text = fc.oneof(fc.constant(''), fc.string(), fc.string({ unit: 'grapheme' }))
      if (presence === 'flag') return [name, fc.option(fc.boolean(), { nil: undefined })] as const
      // Seconds: tenths, as a player's times are (never -0, which JSON cannot tell from 0).
      if (presence === 'number') return [name, fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10)] as const
      if (presence === 'sections')
        return [name, fc.array(fc.record({ heading: text, instruction: text }), { maxLength: 4 })] as const
      return [name, presence === 'optional' ? fc.option(text, { nil: undefined }) : text] as const
    })
    return fc
      .record({
        key: fc.oneof(fc.uuid(), fc.constant('')),
        value: fc.record(Object.fromEntries(fields) as Record<string, fc.Arbitrary<unknown>>),
      })
      .map(({ key, value }) => {
        const defined = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
        return makeMutation({ op: { case: opCase, value: defined } }, key)
      })
  })

const asProto = (m: QueuedMutation) => create(MutationSchema, m)

/** The table's word for a field's presence: optional booleans are flags. */
function presenceOf(g: DescField): string {
  if (g.fieldKind === 'list' && g.message?.typeName === 'pocket.sync.v1.TemplateSection') return 'sections'
  if (g.fieldKind === 'scalar' && g.scalar === ScalarType.BOOL) return 'flag'
  if (g.fieldKind === 'scalar' && g.scalar === ScalarType.DOUBLE) return 'number'
  return g.presence === FeatureSet_FieldPresence.EXPLICIT ? 'optional' : 'implicit'
}
const row = (mutation: unknown) => ({ mutation })

describe('the outbox mutation table', () => {
  it('names every operation of pocket.sync.v1.Mutation with its fields and their presence', () => {
    const fromDescriptor = Object.fromEntries(
      opOneof.fields.map((f) => [
        f.localName,
        Object.fromEntries(f.message!.fields.map((g) => [g.localName, presenceOf(g)])),
      ]),
    )
    expect(OP_FIELDS).toEqual(fromDescriptor)
    const scalar = (g: DescField) =>
      g.fieldKind === 'scalar' && [ScalarType.STRING, ScalarType.BOOL, ScalarType.DOUBLE].includes(g.scalar)
    for (const f of opOneof.fields)
      for (const g of f.message!.fields)
        expect(scalar(g) || (g.fieldKind === 'list' && g.message!.fields.every(scalar))).toBe(true)
  })

  it('sends each field of the recording table, and nothing else, as the edit of a recording', () => {
    const patch = opOneof.fields.find((f) => f.localName === 'updateRecording')!.message!
    expect(patch.fields.map((g) => g.localName).filter((name) => name !== 'id')).toEqual(FIELD_NAMES)
  })
})

describe('mutations as plain JSON', () => {
  it('writes exactly what protobuf writes, so rows queued before and after read the same', () => {
    fc.assert(
      fc.property(anyMutation, (m) => {
        expect(mutationToJson(m)).toEqual(toJson(MutationSchema, asProto(m)))
      }),
    )
  })

  it('reads what protobuf writes back to the same mutation', () => {
    fc.assert(
      fc.property(anyMutation, (m) => {
        expect(readMutation(row(toJson(MutationSchema, asProto(m))))).toEqual(m)
      }),
    )
  })

  it('writes what protobuf reads as the same message, so the server gets the edit that was made', () => {
    fc.assert(
      fc.property(anyMutation, (m) => {
        const json = JSON.parse(JSON.stringify(mutationToJson(m))) as JsonValue
        expect(equals(MutationSchema, fromJson(MutationSchema, json), asProto(m))).toBe(true)
        expect(readMutation(row(json))).toEqual(m)
      }),
    )
  })

  it('keeps a flag set to false apart from one not set', () => {
    const unstar = makeMutation({ op: { case: 'updateRecording', value: { id: 'r1', starred: false } } }, 'k')
    expect(mutationToJson(unstar)).toEqual({ idempotencyKey: 'k', updateRecording: { id: 'r1', starred: false } })
    expect(readMutation(row(mutationToJson(unstar)))!.op.value).toEqual({ id: 'r1', starred: false })
  })

  it('keeps an optional field set to empty text apart from one not set', () => {
    const cleared = makeMutation({ op: { case: 'updateRecording', value: { id: 'r1', description: '' } } }, 'k')
    expect(readMutation(row(mutationToJson(cleared)))!.op.value).toEqual({ id: 'r1', description: '' })
  })

  it('reads proto field names as protobuf does', () => {
    expect(
      readMutation(row({ idempotency_key: 'k', rename_speaker: { recording_id: 'r1', speaker: 'S1', name: 'Ada' } })),
    ).toEqual({
      idempotencyKey: 'k',
      op: { case: 'renameSpeaker', value: { recordingId: 'r1', speaker: 'S1', name: 'Ada' } },
    })
  })

  it.each([
    ['not an object', 'updateRecording'],
    ['an array', [{ deleteRecording: { id: 'r1' } }]],
    ['no operation', { idempotencyKey: 'k' }],
    ['two operations', { deleteRecording: { id: 'r1' }, deleteFolder: { id: 'f1' } }],
    ['an operation that is not an object', { deleteRecording: 'r1' }],
    ['a field that is not text', { updateRecording: { id: 'r1', title: 7 } }],
    ['a flag that is not a boolean', { updateRecording: { id: 'r1', archived: 'true' } }],
    ['a key that is not text', { idempotencyKey: 3, deleteRecording: { id: 'r1' } }],
    ['sections that are not a list', { createTemplate: { id: 'tpl_1', name: 'A', sections: 'Wins' } }],
    ['a section that is not an object', { createTemplate: { id: 'tpl_1', name: 'A', sections: ['Wins'] } }],
  ])('gives null for a row it cannot read (%s), so the queue behind it is not blocked', (_, json) => {
    expect(readMutation(row(json))).toBeNull()
  })
})
