import { isApiError } from '../api/errors'
import type { PocketDB, StoredRecording } from '../db'
import { isNetworkFailure } from '../api/errors'
import { newestRecordings, isFresh } from './candidates'
import { evictBeyondBudget } from './evict'
import { isQuotaError, type StatusStore } from './status'

/** Everything a prefetch run touches, so tests can hand it fakes. T: what is fetched of one recording. */
export interface PrefetchDeps<T = unknown> {
  db: PocketDB
  /** Fetches what the device keeps of one recording (its detail and chat), storing nothing. */
  fetchRecording: (id: string, signal: AbortSignal) => Promise<T>
  /** Stores a batch of fetched recordings together (a full disk raises QuotaExceededError). */
  storeBatch: (fetched: T[]) => Promise<void>
  /** How many of the newest recordings to keep (Infinity: all). */
  limit: () => number
  /** Runs fn holding a lock shared by the browser's tabs. */
  lock: <R>(name: string, fn: () => Promise<R>) => Promise<R>
  status: StatusStore
  /** Recordings fetched side by side (each one's requests go one after the other). */
  window?: number
  /** Recordings fetched, then stored in one transaction. */
  batchSize?: number
  /**
   * Waits before each batch until foreground work is done (a pull under
   * way in any tab, then a moment the screens have to read it): the library
   * is fetched in the background and must never delay what the user sees.
   */
  yieldToForeground?: () => Promise<void>
}

export interface PrefetchResult {
  fetched: number
  skipped: number
  failed: number
  /** Details outside the budget removed (fetched in the background, never opened). */
  evicted: number
  /** Why the run ended early, if it did. */
  stopped: 'quota' | 'offline' | 'signed-out' | 'aborted' | null
}

const LOCK = 'pocket-offline-prefetch'
/**
 * Requests in flight: 4 of the 6 connections Chromium opens to one origin
 * over HTTP/1.1, so a screen's own request never waits behind a whole
 * window (docs/benchmarks.md, "Available offline", for the figures).
 */
export const WINDOW = 4
/** A batch stored in one transaction: a reload mid-way loses at most the one in flight. */
export const BATCH_SIZE = 25

/**
 * Fetches the details and chat history of the newest recordings that the
 * device does not hold at their current version, a bounded window of
 * requests at a time, and stores them a batch per transaction, holding a
 * lock so two tabs never do it at once. The next batch is fetched while one
 * is stored. What was stored stays: after a reload the next run fetches
 * only the rest. A full disk or a lost network ends the run (the next pull
 * starts another); any other failure skips that recording only.
 */
export function prefetchOnce<T>(deps: PrefetchDeps<T>, signal: AbortSignal): Promise<PrefetchResult> {
  return deps.lock(LOCK, async () => {
    const result: PrefetchResult = { fetched: 0, skipped: 0, failed: 0, evicted: 0, stopped: null }
    if (signal.aborted) return { ...result, stopped: 'aborted' }
    // A full disk stays reported until a run gets through: the toast is not repeated every pull.
    deps.status.set({ running: true })
    try {
      const stale = await staleRows(deps, result)
      // One controller per run: a quota error stops the other requests too.
      const run = new AbortController()
      const onAbort = () => run.abort()
      signal.addEventListener('abort', onAbort)
      try {
        await fetchAndStore(deps, stale, run, result)
      } finally {
        signal.removeEventListener('abort', onAbort)
      }
      if (signal.aborted && !result.stopped) result.stopped = 'aborted'
      // Also after a full disk: what the budget no longer covers is the space to give back.
      if (!signal.aborted) result.evicted = await evictBeyondBudget(deps.db, deps.limit())
      return result
    } catch (error) {
      // Reading the candidates failed: a full disk is the user's to know, anything else is logged.
      if (!isQuotaError(error)) throw error
      result.stopped = 'quota'
      return result
    } finally {
      deps.status.set({ running: false, quotaExceeded: result.stopped === 'quota' })
    }
  })
}

async function staleRows(deps: Pick<PrefetchDeps, 'db' | 'limit'>, result: PrefetchResult): Promise<StoredRecording[]> {
  const rows = await newestRecordings(deps.db, deps.limit())
  const cached = await deps.db.details.bulkGet(rows.map((r) => r.id))
  const stale = rows.filter((row, i) => !isFresh(row, cached[i]))
  result.skipped = rows.length - stale.length
  return stale
}

/** Batch after batch, newest first: one stored while the next is fetched, one store at a time. */
async function fetchAndStore<T>(
  deps: PrefetchDeps<T>,
  stale: StoredRecording[],
  run: AbortController,
  result: PrefetchResult,
): Promise<void> {
  const size = deps.batchSize ?? BATCH_SIZE
  let storing = Promise.resolve()
  for (let at = 0; at < stale.length && !run.signal.aborted; at += size) {
    await deps.yieldToForeground?.()
    if (run.signal.aborted) break
    const fetched = await pool(stale.slice(at, at + size), deps.window ?? WINDOW, (row) =>
      fetchOne(deps, row, run, result),
    )
    await storing
    if (run.signal.aborted) break
    storing = storeOne(deps, fetched, run, result)
  }
  await storing
}

async function fetchOne<T>(
  deps: PrefetchDeps<T>,
  row: StoredRecording,
  run: AbortController,
  result: PrefetchResult,
): Promise<T | null> {
  if (run.signal.aborted) return null
  try {
    return await deps.fetchRecording(row.id, run.signal)
  } catch (error) {
    if (!run.signal.aborted) failedWith(error, `could not fetch recording ${row.id}`, run, result)
    return null
  }
}

async function storeOne<T>(deps: PrefetchDeps<T>, fetched: T[], run: AbortController, result: PrefetchResult) {
  if (fetched.length === 0) return
  try {
    await deps.storeBatch(fetched)
    result.fetched += fetched.length
  } catch (error) {
    failedWith(error, `could not store ${fetched.length} recordings`, run, result, fetched.length)
  }
}

/** A failure that would fail the rest too ends the run; one of its own counts as failed and is logged. */
function failedWith(error: unknown, what: string, run: AbortController, result: PrefetchResult, count = 1): void {
  const stop = stopReason(error)
  if (stop) {
    result.stopped ??= stop
    run.abort()
    return
  }
  result.failed += count
  console.warn(`offline: ${what} for offline use`, error)
}

/** Failures that would fail every other recording too end the run; null for one recording's own. */
function stopReason(error: unknown): PrefetchResult['stopped'] {
  if (isQuotaError(error)) return 'quota'
  if (isNetworkFailure(error)) return 'offline'
  // The session ended (or its refresh failed): nothing more can be fetched until sign-in.
  if (isApiError(error) && error.status === 401) return 'signed-out'
  return null
}

/** Runs work over items with at most `limit` running at once; answers what each gave, in order, nulls left out. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R | null>): Promise<R[]> {
  const out: (R | null)[] = items.map(() => null)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out.filter((x): x is R => x !== null)
}
