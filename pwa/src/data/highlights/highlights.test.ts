import { describe, expect, it } from 'vitest'
import { create } from '@bufbuild/protobuf'
import { HighlightStateSchema } from '@/gen/pocket/sync/v1/sync_pb'
import type { OutboxEntry, StoredHighlight } from '../db'
import { makeMutation, mutationToJson, type MutationInit } from '../sync/mutation'
import { normalizeTranscript } from '../normalize/transcript'
import { excerptOf, foldHighlights, newestFirst } from './fold'
import { filterHighlights, GENERAL } from './filter'
import { highlightFromState, parseHighlight } from './parse'

const server: StoredHighlight = {
  id: 'h1',
  recordingId: 'r1',
  start: 0,
  end: 4,
  text: 'We ship on Friday.',
  note: '',
  speakers: ['Ana'],
  createdAtMs: 1000,
  updatedAtMs: 1000,
  version: 3,
}

let seq = 0
function queued(init: MutationInit, status: OutboxEntry['status'] = 'pending'): OutboxEntry {
  seq++
  return {
    seq,
    key: `k${seq}`,
    createdAt: 5000 + seq,
    kind: 'highlight',
    entityId: (init.op.value as { id: string }).id,
    mutation: mutationToJson(makeMutation(init, `k${seq}`)),
    status,
    attempts: 0,
    nextAttemptAt: 0,
    ...(status === 'failed' ? { error: { code: 'INVALID_RANGE', message: 'Nothing is said there' } } : {}),
  }
}

const segments = normalizeTranscript(
  {
    segments: [
      { speaker: 'SPEAKER_00', text: 'We ship on Friday.', start_time: 0, end_time: 4 },
      { speaker: 'SPEAKER_01', text: 'Then QA starts Monday.', start_time: 4, end_time: 8 },
      { text: 'Untimed words.' },
    ],
  },
  { SPEAKER_00: { speakerProfile: { name: 'Ana' } } },
).segments

describe('highlights at the edge', () => {
  it('keeps a pulled state as the device stores it', () => {
    const state = create(HighlightStateSchema, {
      id: 'h1',
      recordingId: 'r1',
      start: 1.5,
      end: 3,
      text: 't',
      note: 'n',
      speakers: ['Ana'],
      createdAtMs: 10n,
      updatedAtMs: 20n,
      version: 7n,
    })
    expect(highlightFromState(state)).toEqual({
      id: 'h1',
      recordingId: 'r1',
      start: 1.5,
      end: 3,
      text: 't',
      note: 'n',
      speakers: ['Ana'],
      createdAtMs: 10,
      updatedAtMs: 20,
      version: 7,
    })
  })

  it('reads the REST shape in either case and refuses what names no passage', () => {
    expect(
      parseHighlight({ id: 'h', recording_id: 'r', start: '1', end: 2, text: 'x', created_at: '2026-01-01T00:00:00Z' }),
    ).toMatchObject({ id: 'h', recordingId: 'r', start: 1, end: 2, note: '', speakers: [], createdAtMs: 1767225600000 })
    expect(parseHighlight({ id: 'h', recordingId: 'r', start: 2, end: 2 })).toBeNull()
    expect(parseHighlight({ recordingId: 'r', start: 0, end: 2 })).toBeNull()
    expect(parseHighlight('h')).toBeNull()
  })

  it('quotes the lines a range overlaps, as the server does', () => {
    expect(excerptOf(segments, 3.5, 7)).toEqual({
      text: 'We ship on Friday. Then QA starts Monday.',
      speakers: ['Ana', 'Speaker 2'],
    })
    expect(excerptOf(segments, 8.5, 9).text).toBe('')
  })
})

describe('foldHighlights', () => {
  const excerpt = (_: string, start: number, end: number) => excerptOf(segments, start, end)

  it('shows a highlight made offline with the words it will quote, pending', () => {
    const made = queued({
      op: { case: 'createHighlight', value: { id: 'h2', recordingId: 'r1', start: 4, end: 8, note: 'qa' } },
    })
    const [h2] = foldHighlights([], [made], excerpt)
    expect(h2).toMatchObject({
      id: 'h2',
      text: 'Then QA starts Monday.',
      note: 'qa',
      speakers: ['Speaker 2'],
      pending: true,
    })
  })

  it('lays a queued note over the server copy and hides a queued delete', () => {
    const note = queued({ op: { case: 'updateHighlight', value: { id: 'h1', note: 'edited' } } })
    expect(foldHighlights([server], [note], excerpt)[0]).toMatchObject({
      note: 'edited',
      pending: true,
      text: server.text,
    })
    const gone = queued({ op: { case: 'deleteHighlight', value: { id: 'h1' } } })
    expect(foldHighlights([server], [note, gone], excerpt)).toEqual([])
  })

  it('keeps the server copy over refused edits and shows a refused create as failed', () => {
    const refused = queued({ op: { case: 'deleteHighlight', value: { id: 'h1' } } }, 'failed')
    const badCreate = queued(
      { op: { case: 'createHighlight', value: { id: 'h9', recordingId: 'r1', start: 20, end: 30, note: '' } } },
      'failed',
    )
    const out = foldHighlights([server], [refused, badCreate], excerpt)
    expect(out.map((h) => [h.id, h.pending, h.failed?.code])).toEqual([
      ['h1', false, undefined],
      ['h9', false, 'INVALID_RANGE'],
    ])
  })

  it('filters by words, folder and speaker, ignoring case, and sorts newest first', () => {
    const views = foldHighlights(
      [
        server,
        { ...server, id: 'h2', recordingId: 'r2', text: 'Budget', speakers: ['Leo'], note: 'Money', createdAtMs: 2000 },
      ],
      [],
      excerpt,
    ).sort(newestFirst)
    expect(views.map((h) => h.id)).toEqual(['h2', 'h1'])
    const folderOf = (id: string) => (id === 'r1' ? 'work' : '')
    const ids = (f: Partial<Parameters<typeof filterHighlights>[1]>) =>
      filterHighlights(views, { query: '', folderId: '', speaker: '', ...f }, folderOf).map((h) => h.id)
    expect(ids({ query: 'MONEY' })).toEqual(['h2'])
    expect(ids({ query: 'friday' })).toEqual(['h1'])
    expect(ids({ folderId: 'work' })).toEqual(['h1'])
    expect(ids({ folderId: GENERAL })).toEqual(['h2'])
    expect(ids({ speaker: 'leo' })).toEqual(['h2'])
    expect(ids({ speaker: 'leo', query: 'friday' })).toEqual([])
  })
})
