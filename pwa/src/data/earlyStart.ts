import type { FirstListPage } from './profile'
import type { Recording } from './types'

/**
 * A returning user's cold start on the list, made parallel: while the session
 * is being restored (a network round trip, then IndexedDB), the list's chunks
 * load and its first page is read from IndexedDB (app/coldStart.ts starts
 * both). This module only holds what was started; it imports nothing at run
 * time, so the entry chunk (and a signed-out /login) stays free of Dexie.
 */
let settled: Promise<void> = Promise.resolve()
/** Chunks on a network that hangs: the screens are not held back longer than this. */
const EARLY_WAIT_CAP_MS = 2000
let firstPage: FirstListPage | undefined

/**
 * Starts the early work: `chunks` are the screens' imports, `read` the list's
 * first page from IndexedDB (or any other early use of IndexedDB, returning no page).
 */
export function startEarly(chunks: Promise<unknown>[], read: () => Promise<FirstListPage | void>): void {
  const page = read().then(
    (result) => void (firstPage = result ?? undefined),
    (error: unknown) => console.warn('early read', error), // the screen reads for itself
  )
  // Never rejects: a chunk that failed to load fails again, visibly, where the screen imports it.
  settled = Promise.allSettled([...chunks, page]).then(() => undefined)
}

/**
 * Resolves once the early work is done (at once if none was started). The
 * session's restore waits for it before it shows the signed-in screens, so
 * they render from chunks already loaded and never show a Suspense fallback:
 * React holds a screen back for up to 300 ms after a fallback appeared.
 */
export function earlyStartSettled(): Promise<void> {
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, EARLY_WAIT_CAP_MS))])
}

/** The first page read early, if it is there and belongs to `uid` (one device may have held another account). */
export function earlyFirstPage(uid: string | null | undefined): Recording[] | undefined {
  return uid != null && firstPage?.owner === uid ? firstPage.rows : undefined
}

/** The list has read for itself, or the user signed out: the early copy may go stale, so it goes. */
export function forgetEarlyFirstPage(): void {
  firstPage = undefined
}
