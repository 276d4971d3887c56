import { isApiError } from '../api/errors'
import type { PocketDB, StoredRecording } from '../db'
import { isNetworkFailure } from '../api/errors'
import { newestRecordings, isFresh } from './candidates'
import { evictBeyondBudget } from './evict'
import { isQuotaError, type StatusStore } from './status'

/** Everything a prefetch run touches, so tests can hand it fakes. */
export interface PrefetchDeps {
  db: PocketDB
  /** Fetches a detail and writes it to the device (the app's fetchDetail). */
  fetchDetail: (id: string, signal: AbortSignal) => Promise<unknown>
  /** Fetches a recording's chat history and writes it to the device. */
  fetchChat: (id: string, signal: AbortSignal) => Promise<unknown>
  /** How many of the newest recordings to keep (Infinity: all). */
  limit: () => number
  /** Runs fn holding a lock shared by the browser's tabs. */
  lock: <T>(name: string, fn: () => Promise<T>) => Promise<T>
  status: StatusStore
  concurrency?: number
  /**
   * Waits before each recording until foreground work is done (a pull under
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
const CONCURRENCY = 3

/**
 * Fetches the details and chat history of the newest recordings that the
 * device does not hold at their current version, a few at a time, holding
 * a lock so two tabs never do it at once. A full disk or a lost network
 * ends the run (the next pull starts another); any other failure skips
 * that recording only.
 */
export function prefetchOnce(deps: PrefetchDeps, signal: AbortSignal): Promise<PrefetchResult> {
  return deps.lock(LOCK, async () => {
    const result: PrefetchResult = { fetched: 0, skipped: 0, failed: 0, evicted: 0, stopped: null }
    if (signal.aborted) return { ...result, stopped: 'aborted' }
    // A full disk stays reported until a run gets through: the toast is not repeated every pull.
    deps.status.set({ running: true })
    try {
      const stale = await staleRows(deps, result)
      // One controller per run: a quota error stops the other workers' requests too.
      const run = new AbortController()
      const onAbort = () => run.abort()
      signal.addEventListener('abort', onAbort)
      try {
        await pool(stale, deps.concurrency ?? CONCURRENCY, (row) => fetchOne(deps, row, run, result))
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

async function staleRows(deps: PrefetchDeps, result: PrefetchResult): Promise<StoredRecording[]> {
  const rows = await newestRecordings(deps.db, deps.limit())
  const cached = await deps.db.details.bulkGet(rows.map((r) => r.id))
  const stale = rows.filter((row, i) => !isFresh(row, cached[i]))
  result.skipped = rows.length - stale.length
  return stale
}

async function fetchOne(
  deps: PrefetchDeps,
  row: StoredRecording,
  run: AbortController,
  result: PrefetchResult,
): Promise<void> {
  await deps.yieldToForeground?.()
  if (run.signal.aborted) return
  try {
    await deps.fetchDetail(row.id, run.signal)
    await deps.fetchChat(row.id, run.signal)
    result.fetched++
  } catch (error) {
    if (run.signal.aborted) return
    const stop = stopReason(error)
    if (stop) {
      result.stopped = stop
      run.abort()
      return
    }
    result.failed++
    console.warn(`offline: could not keep recording ${row.id} offline`, error)
  }
}

/** Failures that would fail every other recording too end the run; null for one recording's own. */
function stopReason(error: unknown): PrefetchResult['stopped'] {
  if (isQuotaError(error)) return 'quota'
  if (isNetworkFailure(error)) return 'offline'
  // The session ended (or its refresh failed): nothing more can be fetched until sign-in.
  if (isApiError(error) && error.status === 401) return 'signed-out'
  return null
}

/** Runs work over items with at most `limit` running at once. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
