import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { offlineAudioPath } from '../audio-offline'
import { PocketDB, type OutboxEntry } from '../db'
import { toStored } from '../storedRecording'
import { markOpened } from './evict'
import { onEviction, type Eviction } from './evictionNotice'
import { evictionOrder } from './evictLru'
import { withRoom } from './room'

const dbs: PocketDB[] = []
let told: Eviction[]
let stopListening: () => void
let audio: Map<string, Response>

beforeEach(() => {
  told = []
  stopListening = onEviction((e) => told.push(e))
  // Cache Storage with one cache, keys in insertion order as the browser keeps them.
  audio = new Map()
  const cache = {
    keys: async () => [...audio.keys()].map((path) => new Request(new URL(path, 'http://pocket.test'))),
    delete: async (path: string) => audio.delete(path),
  }
  vi.stubGlobal('caches', { open: async () => cache })
})
afterEach(async () => {
  stopListening()
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T10:00:00Z`
const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

/** r1 (oldest recording) to r6 (newest), each kept offline: its detail and a chat. */
async function keptLibrary(): Promise<PocketDB> {
  const db = new PocketDB(`evict-lru-${Math.random()}`)
  dbs.push(db)
  const ids = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']
  await db.recordings.bulkPut(ids.map((id, i) => toStored({ id, title: id, recordingAt: day(i + 1) })))
  await db.details.bulkPut(ids.map((id) => ({ id, fetchedAt: 1, data: { recording: { id } } })))
  await db.chatSessions.bulkPut(ids.map((id) => ({ id: `s-${id}`, recordingId: id, data: {} })))
  await db.chatMessages.bulkPut(ids.map((id) => ({ id: `m-${id}`, sessionId: `s-${id}`, createdAt: day(1), data: {} })))
  return db
}

const edit = (entityId: string, status: OutboxEntry['status'] = 'pending'): OutboxEntry => ({
  key: `k-${entityId}-${Math.random()}`,
  kind: 'recording',
  entityId,
  createdAt: 1,
  mutation: {},
  status,
  attempts: 0,
  nextAttemptAt: 0,
})

const detailIds = async (db: PocketDB) => (await db.details.toCollection().primaryKeys()).sort()

/**
 * A disk with room for `room` details besides what else it holds: the
 * write (an edit queued) fails with the browser's quota error until enough
 * details are gone.
 */
function editOnFullDisk(db: PocketDB, room: number, entry = edit('r9')) {
  const attempts = vi.fn(async () => {
    if ((await db.details.count()) > room) throw full()
    return db.outbox.add(entry)
  })
  return attempts
}

describe('evictionOrder', () => {
  it('copies never opened go first, oldest recording first; then opened ones, opened longest ago first', async () => {
    const db = await keptLibrary()
    await markOpened(db, 'r2', 300)
    await markOpened(db, 'r6', 100)
    await markOpened(db, 'r5', 200)
    audio.set(offlineAudioPath('r7'), new Response('a')) // audio whose detail is gone: no list row either
    expect(await evictionOrder(db, {}, ['r7'])).toEqual(['r7', 'r1', 'r3', 'r4', 'r6', 'r5', 'r2'])
  })

  it('never names a recording with queued edits (pending or refused), a server copy kept apart, or the one written', async () => {
    const db = await keptLibrary()
    await db.outbox.bulkAdd([edit('r1'), edit('r3', 'failed')])
    await db.syncBase.put({ key: 'recording:r4', recording: null })
    expect(await evictionOrder(db, { keep: ['r5'] })).toEqual(['r2', 'r6'])
  })

  it('a background write only replaces copies never opened of older recordings', async () => {
    const db = await keptLibrary()
    await markOpened(db, 'r2', 100)
    expect(await evictionOrder(db, { background: true, keep: ['r4'] })).toEqual(['r1', 'r3'])
    expect(await evictionOrder(db, { background: true, keep: ['r1'] })).toEqual([])
  })
})

describe('withRoom', () => {
  it('removes the least recently used recording kept offline, retries the write, and tells how many went', async () => {
    const db = await keptLibrary()
    await markOpened(db, 'r1', 100)
    audio.set(offlineAudioPath('r2'), new Response('a'))
    audio.set(offlineAudioPath('r4'), new Response('a'))
    const write = editOnFullDisk(db, 5)
    await withRoom(write, { db })
    expect(write).toHaveBeenCalledTimes(2)
    // r2: the oldest recording of those never opened (r1 was opened), its detail, chat and audio.
    expect(await detailIds(db)).toEqual(['r1', 'r3', 'r4', 'r5', 'r6'])
    expect(await db.chatSessions.get('s-r2')).toBeUndefined()
    expect(await db.chatMessages.get('m-r2')).toBeUndefined()
    expect([...audio.keys()]).toEqual([offlineAudioPath('r4')])
    expect(await db.chatSessions.count()).toBe(5)
    expect(await db.outbox.count()).toBe(1)
    expect(told).toEqual([{ removed: 1 }])
  })

  it('removes more, a growing batch at a time, in LRU order, never the outbox nor recordings with unsynced edits', async () => {
    const db = await keptLibrary()
    await markOpened(db, 'r6', 100)
    await markOpened(db, 'r2', 200)
    await db.outbox.bulkAdd([edit('r1'), edit('r4', 'failed')])
    const outboxBefore = await db.outbox.toArray()
    const write = editOnFullDisk(db, 3)
    await withRoom(write, { db })
    // 1, then 2 more: r3, r5 (never opened), then r6 (opened before r2). r1 and r4 have edits waiting.
    expect(write).toHaveBeenCalledTimes(3)
    expect(await detailIds(db)).toEqual(['r1', 'r2', 'r4'])
    expect(await db.outbox.toArray()).toEqual([...outboxBefore, expect.objectContaining({ entityId: 'r9' })])
    expect(told).toEqual([{ removed: 3 }])
  })

  it('when nothing more may go the quota error stands, and what was removed is still told', async () => {
    const db = await keptLibrary()
    await db.outbox.bulkAdd(['r1', 'r2', 'r3', 'r4'].map((id) => edit(id)))
    const write = editOnFullDisk(db, 3)
    await expect(withRoom(write, { db })).rejects.toMatchObject({ name: 'QuotaExceededError' })
    expect(await detailIds(db)).toEqual(['r1', 'r2', 'r3', 'r4'])
    expect(await db.outbox.count()).toBe(4)
    expect(told).toEqual([{ removed: 2 }])
  })

  it('knows Dexie’s wrapped quota errors, and leaves every other failure alone', async () => {
    const db = await keptLibrary()
    let fails = 1
    const wrapped = vi.fn(async () => {
      if (fails-- > 0) throw new Dexie.AbortError('Transaction aborted', new Dexie.QuotaExceededError('full'))
      return 'written'
    })
    expect(await withRoom(wrapped, { db })).toBe('written')
    expect(await detailIds(db)).toEqual(['r2', 'r3', 'r4', 'r5', 'r6'])

    const broken = vi.fn(async () => {
      throw new Dexie.ConstraintError('key already exists')
    })
    await expect(withRoom(broken, { db })).rejects.toMatchObject({ name: 'ConstraintError' })
    expect(broken).toHaveBeenCalledTimes(1)
    expect(await db.details.count()).toBe(5)
    expect(told).toEqual([{ removed: 1 }])
  })
})
