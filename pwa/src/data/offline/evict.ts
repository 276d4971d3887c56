import type { PocketDB } from '../db'
import { newestRecordings } from './candidates'
import { withRoom } from './room'

/**
 * Gives back the space of details the budget no longer covers (the user
 * chose to keep fewer, or newer recordings pushed them out): only ones
 * fetched in the background. A recording the user opened here stays
 * readable offline whatever the budget, as does one with edits waiting to
 * be sent (its screen shows them over that copy). Chat history is small
 * and stays. Answers how many were removed.
 */
export async function evictBeyondBudget(db: PocketDB, limit: number): Promise<number> {
  if (!Number.isFinite(limit)) return 0
  return db.transaction('rw', [db.recordings, db.details, db.outbox], async () => {
    const kept = new Set((await newestRecordings(db, limit)).map((r) => r.id))
    const waiting = new Set((await db.outbox.orderBy('entityId').uniqueKeys()).map(String))
    // Keys first: this runs after every pull, and a detail's value holds its whole transcript.
    const held = await db.details.toCollection().primaryKeys()
    const outside = held.filter((id) => !kept.has(id) && !waiting.has(id))
    const copies = await db.details.bulkGet(outside)
    const gone = outside.filter((_, i) => copies[i]?.openedAt === undefined)
    await db.details.bulkDelete(gone)
    return gone.length
  })
}

/**
 * Marks a recording as opened on this device (now: when a full disk makes
 * room, the ones opened longest ago go first), so the offline budget never
 * removes it.
 */
export async function markOpened(db: PocketDB, id: string, now = Date.now()): Promise<void> {
  await withRoom(() => db.details.update(id, { openedAt: now }), { keep: [id], db })
}
