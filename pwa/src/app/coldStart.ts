import { hasSessionMarker } from '@/data/api/sessionMarker'
import { startEarly } from '@/data/earlyStart'
import { preloadDetailScreen, preloadListScreen } from './routes'

/** Paths that open the recordings list (/ redirects there). */
const LIST_PATH = /^\/(recordings\/?)?$/
/** A recording's page (a notification or a link opens it directly). */
const DETAIL_PATH = /^\/recordings\/[^/]+\/?$/

/**
 * A returning user (the session marker is set) opening the list: its chunks
 * and its first page from IndexedDB start now, in parallel with the session's
 * restore, instead of one after the other once the session is back (the
 * list then paints in the same render as the restored session). Opening a
 * recording: its chunks, and IndexedDB is opened. Signed out, nothing
 * starts: /login never loads Dexie or the signed-in screens.
 * Returns whether it started.
 */
export function startColdStart(path = globalThis.location?.pathname ?? '', cookies?: string): boolean {
  if (!hasSessionMarker(cookies)) return false
  if (LIST_PATH.test(path)) {
    startEarly(preloadListScreen(), () => import('@/data/profile').then((m) => m.readFirstListPage()))
    return true
  }
  if (DETAIL_PATH.test(path)) {
    // Opening IndexedDB (creating it, on a device's first visit) is the longest task before
    // the detail's first paint: it runs now, while the network restores the session.
    startEarly(preloadDetailScreen(), () => import('@/data/db').then((m) => m.db.open()).then(() => undefined))
    return true
  }
  return false
}
