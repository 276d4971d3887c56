import { startTransition, useEffect, useState } from 'react'
import type { PocketDB } from '../db'
import { deviceDb } from './open'
import { useDeviceQuery } from './useDeviceQuery'

/**
 * A read of the device store too wide to be a live query, kept current:
 * `follow` is a cheap live read of the same tables (their counts), and each
 * of its answers runs `read` once, as a plain read. Undefined until the first
 * read has answered, then the latest, kept while a new one runs.
 *
 * Why not a live query: Dexie keeps every key a live query read, one by one
 * in a tree, to tell which later writes concern it. A read of every
 * recording's key (the folder counts) then cost Dexie tens of milliseconds of
 * bookkeeping on each run, inside the task that answered it; a count is
 * tracked as one range, and every write to the table falls in it.
 */
export function useFollowedRead<T>(
  follow: (db: PocketDB) => Promise<unknown>,
  read: (db: PocketDB) => Promise<T>,
  deps: unknown[],
): T | undefined {
  // A new object each answer: every write the counts follow reads again, even one that changes no count.
  const tick = useDeviceQuery(async (db) => ({ counts: await follow(db) }), deps)
  const [state, setState] = useState<{ value: T } | { error: unknown }>()
  useEffect(() => {
    if (!tick) return
    let current = true
    deviceDb()
      .then(read)
      .then(
        (value) => current && startTransition(() => setState({ value })),
        (error: unknown) => current && setState({ error }),
      )
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new tick comes with new deps; read is the caller's closure over them
  }, [tick])
  // The read's failure, as it came, for the nearest error boundary.
  if (state && 'error' in state) throw state.error
  return state?.value
}

/** What a read of recordings and folders follows: a write to either changes their counts' answer. */
export const followLibrary = (db: PocketDB) => Promise.all([db.recordings.count(), db.folders.count()])
