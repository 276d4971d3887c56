import { create } from '@bufbuild/protobuf'
import { afterEach, describe, expect, it } from 'vitest'
import { ChangeSchema, EntityKind, HighlightStateSchema, TombstoneSchema } from '@/gen/pocket/sync/v1/sync_pb'
import { quotePassage } from '../highlights/quote'
import type { TranscriptSegment } from '../normalize/transcript'
import { applyServerChanges } from './applyServer'
import { FakeSyncServer } from './fakeSyncServer'
import { syncTables } from './rebase'
import { deviceRegistry } from './testKit'

const devices = deviceRegistry()
afterEach(() => devices.closeAll())

const pulled = (id: string, note: string, version: number) =>
  create(ChangeSchema, {
    entity: {
      case: 'highlight',
      value: create(HighlightStateSchema, {
        id,
        recordingId: 'r1',
        start: 1,
        end: 3,
        text: 'Hello there.',
        note,
        speakers: ['Ada'],
        createdAtMs: 1000n,
        updatedAtMs: 2000n,
        version: BigInt(version),
      }),
    },
  })
const tombstone = (id: string, kind: EntityKind, version: number) =>
  create(ChangeSchema, {
    entity: { case: 'tombstone', value: create(TombstoneSchema, { id, kind, version: BigInt(version) }) },
  })

async function apply(d: ReturnType<typeof devices.open>, ...changes: ReturnType<typeof pulled>[]) {
  await d.db.transaction('rw', syncTables(d.db), () => applyServerChanges(d.db, changes))
}

describe('pulled highlights', () => {
  it('are stored, a newer state replaces an older one and an older one is ignored; a tombstone removes them', async () => {
    const d = devices.open(new FakeSyncServer())
    await apply(d, pulled('h1', 'first', 5))
    expect(await d.db.highlights.get('h1')).toMatchObject({
      recordingId: 'r1',
      text: 'Hello there.',
      note: 'first',
      speakers: ['Ada'],
      version: 5,
    })
    await apply(d, pulled('h1', 'stale', 4), pulled('h1', 'newer', 6))
    expect((await d.db.highlights.get('h1'))!.note).toBe('newer')
    await apply(d, tombstone('h1', EntityKind.HIGHLIGHT, 7))
    expect(await d.db.highlights.get('h1')).toBeUndefined()
  })

  it('a queued note edit is laid over a newer pulled state, and a deleted recording takes its highlights along', async () => {
    const server = new FakeSyncServer()
    server.unavailable = 1000
    const d = devices.open(server)
    await apply(d, pulled('h1', 'first', 5), pulled('h2', '', 5))
    await d.sync.enqueue({ op: { case: 'updateHighlight', value: { id: 'h1', note: 'mine' } } })
    expect((await d.db.highlights.get('h1'))!.note).toBe('mine')
    await apply(d, pulled('h1', 'theirs', 8))
    expect((await d.db.highlights.get('h1'))!.note).toBe('mine')
    // Discarding the edit shows the server's copy.
    const [row] = await d.sync.listOutbox()
    await d.sync.discard(row!.seq)
    expect((await d.db.highlights.get('h1'))!.note).toBe('theirs')

    await apply(d, tombstone('r1', EntityKind.RECORDING, 9))
    expect(await d.db.highlights.count()).toBe(0)
  })
})

describe('quoting a passage by the server’s rule', () => {
  const seg = (index: number, start: number, end: number, text: string, speakerId = ''): TranscriptSegment => ({
    index,
    start,
    end,
    text,
    speakerId,
    speakerLabel: speakerId ? `Speaker ${speakerId}` : '',
    colorIndex: 0,
  })
  const segments = [seg(0, 0, 2, ' One. ', 'A'), seg(1, 2, 4, 'Two.', 'B'), seg(2, 5, 0, 'Untimed', 'A')]

  it('takes every line the range overlaps, trimmed and joined, with the speakers heard in order', () => {
    expect(quotePassage(segments, 1, 3)).toEqual({ text: 'One. Two.', speakers: ['Speaker A', 'Speaker B'] })
    expect(quotePassage(segments, 2, 4)).toEqual({ text: 'Two.', speakers: ['Speaker B'] })
    // A line without an end lasts 1 s, as the server counts it.
    expect(quotePassage(segments, 5.5, 5.9)?.text).toBe('Untimed')
    expect(quotePassage(segments, 4, 5)).toBeNull()
  })

  it('keeps at most 10,000 characters, marking the cut', () => {
    const long = quotePassage([seg(0, 0, 9, 'word '.repeat(5000))], 0, 1)!.text
    expect([...long]).toHaveLength(10000)
    expect(long.endsWith('…')).toBe(true)
  })
})
