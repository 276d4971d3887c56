import { hasSessionMarker } from '@/data/api/sessionMarker'
import { startEarlyGet } from '@/data/api/http'
import { dashboardRequest, detailRequest, type GetRequest } from '@/data/api/screenRequests'
import { startEarly } from '@/data/earlyStart'
import { screenAt } from './paths'
import { preloadDetailScreen, preloadListScreen } from './routes'

/**
 * A returning user (the session marker is set) opening the list: its chunks
 * and its first page from IndexedDB start now, in parallel with the session's
 * restore, instead of one after the other once the session is back (the
 * list then paints in the same render as the restored session). Opening a
 * recording: its chunks, and IndexedDB is opened. Signed out, nothing
 * starts: /login never loads Dexie or the signed-in screens.
 * Returns whether it started. (The server's pages for these two screens
 * preload the same modules from the HTML: prerender-plugin.ts ROUTE_PAGES
 * names them and must follow a change here.)
 */
export function startColdStart(path = globalThis.location?.pathname ?? '', cookies?: string): boolean {
  if (!hasSessionMarker(cookies)) return false
  const at = screenAt(path)
  if (at?.screen === 'list') {
    startEarly(preloadListScreen(), () => import('@/data/profile').then((m) => m.readFirstListPage()))
    return true
  }
  if (at?.screen === 'detail') {
    // Opening IndexedDB (creating it, on a device's first visit) is the longest task before
    // the detail's first paint: it runs now, while the network restores the session.
    // Through the device module (data/device), so the screen's live reads find Dexie loaded and start at once.
    startEarly(preloadDetailScreen(), () =>
      import('@/data/device/open')
        .then((m) => m.deviceDb())
        .then((db) => db.open())
        .then(() => undefined),
    )
    return true
  }
  return false
}

/**
 * The request the screen at `path` starts with (the list's first page, a
 * recording's detail), to be sent as soon as the session's token is back
 * (main.tsx hands this to the restore): it then travels while the profile is
 * adopted and the screen renders, instead of after. Without the session
 * marker, on another screen or on a list with a query (a search, a filter:
 * the list asks for something else), nothing.
 */
export function firstRequests(
  path = globalThis.location?.pathname ?? '',
  search = globalThis.location?.search ?? '',
  cookies?: string,
): ((idToken: string) => void) | undefined {
  if (!hasSessionMarker(cookies)) return undefined
  const request = firstRequestOf(path, search)
  return request && ((idToken) => startEarlyGet(request.path, request.query, idToken))
}

function firstRequestOf(path: string, search: string): GetRequest | undefined {
  const at = screenAt(path)
  if (at?.screen === 'list') return search === '' ? dashboardRequest() : undefined
  return at?.screen === 'detail' ? detailRequest(at.id) : undefined
}
