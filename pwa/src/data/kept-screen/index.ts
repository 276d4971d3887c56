import { KEPT_LIST_KEY, KEPT_SCREENS_CACHE } from './keys'

/** Keeps html as the list's copy (best effort: no Cache Storage, no copy). */
export async function keepListScreen(html: string): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(KEPT_SCREENS_CACHE)
  await cache.put(KEPT_LIST_KEY, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }))
}

/** Sign-out, or another account on the device: no copy of the list stays. */
export async function forgetKeptScreens(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(KEPT_SCREENS_CACHE)
}

/**
 * The list screen's markup to keep, or null when what is on screen is not
 * the plain list seen from its top: another route, a search or filter in the
 * URL, a dialog open, or the page scrolled (the list draws only the rows in
 * view, so a copy from further down would open blank at the top).
 */
export function listScreenSnapshot(doc: Document = document): string | null {
  const { location } = doc.defaultView ?? window
  if (location.pathname.replace(/\/+$/, '') !== '/recordings' || location.search !== '') return null
  if (doc.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"]')) return null
  if ((doc.defaultView?.scrollY ?? 0) > 0) return null
  const root = doc.getElementById('root')
  if (!root?.querySelector('.rec-row')) return null
  const copy = root.cloneNode(true) as HTMLElement
  for (const passing of copy.querySelectorAll(TRANSIENT)) passing.remove()
  return copy.innerHTML
}

/** What was on screen only for the moment: notifications, the update prompt, an open menu. */
const TRANSIENT = '.toasts, .update-prompt, [role="menu"], [role="tooltip"]'
