import { prerenderCopy } from '../../ui/prerenderCopy'

/**
 * The recordings list as this device last drew it, kept so a cold start paints
 * it from the HTML before any script has run (the service worker puts it in
 * index.html as an inert copy; the list removes it once it has drawn its
 * own). One Cache Storage cache, forgotten at sign-out and when another
 * account signs in. Shared by the app and the worker.
 */
export const KEPT_SCREENS_CACHE = 'pocket-kept-screens'

/** The kept list's entry in that cache (a path the server never serves). */
export const KEPT_LIST_KEY = '/kept-screen/recordings'

/** Navigations the kept list answers: the list itself, with no search, filter or folder in the URL. */
export const KEPT_LIST_NAVIGATION: RegExp[] = [/^\/recordings\/?$/]

const ROOT = '<div id="root">'

/**
 * index.html with the kept copy before its root (app.css hides the root
 * behind it); null when the shell has no root to put it beside.
 */
export function withKeptCopy(shell: string, copy: string): string | null {
  if (!shell.includes(ROOT)) return null
  // A function, so a "$&" in the copy's text is not read as a replacement pattern.
  return shell.replace(ROOT, () => `${prerenderCopy(copy)}${ROOT}`)
}
