import { hasSessionMarker } from '@/data/api/sessionMarker'
import { startEarly } from '@/data/earlyStart'
import { preloadListScreen } from './routes'

/** Paths that open the recordings list (/ redirects there). */
const LIST_PATH = /^\/(recordings\/?)?$/

/**
 * A returning user (the session marker is set) opening the list: its chunks
 * and its first page from IndexedDB start now, in parallel with the session's
 * restore, instead of one after the other once the session is back (the
 * list then paints in the same render as the restored session). Signed out,
 * nothing starts: /login never loads Dexie or the signed-in screens.
 * Returns whether it started.
 */
export function startColdStart(path = globalThis.location?.pathname ?? '', cookies?: string): boolean {
  if (!LIST_PATH.test(path) || !hasSessionMarker(cookies)) return false
  startEarly(preloadListScreen(), () => import('@/data/profile').then((m) => m.readFirstListPage()))
  return true
}
