import type { PocketDB, StoredDetail, StoredRecording } from '../db'
import { asObject } from '../normalize/loose'
import { detailBody } from '../normalize/detail'
import { parseTimestamp } from '../time'

/**
 * The newest `limit` recordings the list shows, newest first: sortKey is
 * recordingAt, else updatedAt, else createdAt, and rows the list hides
 * (empty recordings) have none, so the index skips them.
 */
export function newestRecordings(db: PocketDB, limit: number): Promise<StoredRecording[]> {
  const newest = db.recordings.orderBy('sortKey').reverse()
  return Number.isFinite(limit) ? newest.limit(limit).toArray() : newest.toArray()
}

/**
 * True when the cached detail is at least as new as the list row: the
 * server's updatedAt of both is compared (no clock skew between device and
 * server); a detail without one counts from when it was fetched.
 */
export function isFresh(row: StoredRecording, cached: StoredDetail | undefined): boolean {
  if (!cached) return false
  const rowTime = parseTimestamp(row.data.updatedAt)
  if (Number.isNaN(rowTime)) return true
  const detailTime = parseTimestamp(asObject(detailBody(cached.data)?.recording)?.updatedAt)
  return (Number.isNaN(detailTime) ? cached.fetchedAt : detailTime) >= rowTime
}

/** How many of the newest `limit` recordings have their detail on the device. */
export async function countAvailable(db: PocketDB, limit: number): Promise<{ available: number; wanted: number }> {
  const rows = await newestRecordings(db, limit)
  // Keys only: reading whole details to count them would load transcripts.
  const kept = await db.details
    .where('id')
    .anyOf(rows.map((r) => r.id))
    .primaryKeys()
  return { available: kept.length, wanted: rows.length }
}
