import { afterEach, describe, expect, it } from 'vitest'
import { PocketDB } from '../db'
import { toStored } from '../storedRecording'
import { writeServerDetail } from '../sync/restCopies'
import { evictBeyondBudget, markOpened } from './evict'

const dbs: PocketDB[] = []
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T10:00:00Z`

/** r1 (oldest) to r6 (newest), each with its detail on the device. */
async function deviceWithDetails(): Promise<PocketDB> {
  const db = new PocketDB(`evict-${Math.random()}`)
  dbs.push(db)
  const ids = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']
  await db.recordings.bulkPut(ids.map((id, i) => toStored({ id, title: id, recordingAt: day(i + 1) })))
  await db.details.bulkPut(ids.map((id) => ({ id, fetchedAt: 1, data: { recording: { id } } })))
  return db
}

const detailIds = async (db: PocketDB) => (await db.details.toCollection().primaryKeys()).sort()

describe('evictBeyondBudget', () => {
  it('removes background copies past the newest N, sparing opened ones and ones with edits waiting', async () => {
    const db = await deviceWithDetails()
    await markOpened(db, 'r1')
    await db.outbox.add({
      key: 'k1',
      kind: 'recording',
      entityId: 'r2',
      createdAt: 1,
      mutation: {},
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    })
    expect(await evictBeyondBudget(db, 2)).toBe(2)
    // r6, r5: the budget; r1: opened here; r2: an edit waits on it. r3 and r4 gave their space back.
    expect(await detailIds(db)).toEqual(['r1', 'r2', 'r5', 'r6'])
    // The list itself is untouched.
    expect(await db.recordings.count()).toBe(6)
  })

  it('keeps everything when the budget is all', async () => {
    const db = await deviceWithDetails()
    expect(await evictBeyondBudget(db, Number.POSITIVE_INFINITY)).toBe(0)
    expect(await detailIds(db)).toHaveLength(6)
  })

  it('a refetched detail keeps the mark that the user opened it', async () => {
    const db = await deviceWithDetails()
    await markOpened(db, 'r1', 1234)
    await writeServerDetail(db, { id: 'r1', fetchedAt: 2, data: { recording: { id: 'r1', title: 'Fresh' } } })
    expect((await db.details.get('r1'))?.openedAt).toBe(1234)
    expect(await evictBeyondBudget(db, 1)).toBe(4)
    expect(await detailIds(db)).toEqual(['r1', 'r6'])
  })
})
