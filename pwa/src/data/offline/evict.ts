import type { PocketDB } from '../db'
import { newestRecordings } from './candidates'

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
    const spare = (id: string, openedAt: number | undefined) => kept.has(id) || openedAt !== undefined || waiting.has(id)
    const gone = (await db.details.filter((d) => !spare(d.id, d.openedAt)).primaryKeys()) as string[]
    await db.details.bulkDelete(gone)
    return gone.length
  })
}

/** Marks a recording as opened on this device, so the offline budget never removes it. */
export async function markOpened(db: PocketDB, id: string, now = Date.now()): Promise<void> {
  await db.details.update(id, { openedAt: now })
}
