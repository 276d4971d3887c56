import { db } from '../db'
import { browserLock, whenNotPulling } from '../sync/deps'
import { singleFlight } from '../sync/singleFlight'
import { budgetLimit, readBudget } from './budget'
import { fetchKept, storeKept, type KeptRecording } from './keep'
import { prefetchOnce, type PrefetchDeps, type PrefetchResult } from './prefetch'
import { whenPageSettled } from './settled'
import { createStatusStore, type StatusStore } from './status'

export interface Prefetcher {
  status: StatusStore
  /** Runs (or queues one more run) until signal aborts (sign-out). */
  run(signal: AbortSignal): Promise<PrefetchResult>
  /** Runs again with the last signal, if it is still live (the budget changed). */
  again(): Promise<PrefetchResult | null>
}

export function createPrefetcher<T>(deps: Omit<PrefetchDeps<T>, 'status'>, status = createStatusStore()): Prefetcher {
  let signal: AbortSignal | null = null
  // One run per tab at a time, plus one queued: a pull during a run may have
  // brought rows the run had already passed over.
  const flight = singleFlight(() => prefetchOnce({ ...deps, status }, signal!))
  return {
    status,
    run(next) {
      signal = next
      return flight()
    },
    async again() {
      return signal && !signal.aborted ? flight() : null
    },
  }
}

export { markOpenedHere } from './opened'

let app: Prefetcher | null = null

/** The app's prefetcher: its database, the REST detail and chat fetches stored in batches, the stored budget. */
export function appPrefetcher(): Prefetcher {
  app ??= createPrefetcher<KeptRecording>({
    db,
    // Fetched side by side, stored a batch a transaction, queued edits laid over them.
    fetchRecording: fetchKept,
    storeBatch: storeKept,
    limit: () => budgetLimit(readBudget()),
    lock: browserLock,
    // The first batch waits for the page to settle after loading; the rest for pulls and a free moment.
    yieldToForeground: () => whenPageSettled().then(whenNotPulling).then(whenIdle),
  })
  return app
}

/** The renderer's next idle moment (at most half a second away), where the browser has idle callbacks. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function')
      globalThis.requestIdleCallback(() => resolve(), { timeout: 500 })
    else resolve()
  })
}
