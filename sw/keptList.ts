/// <reference lib="webworker" />
import { SESSION_MARKER_COOKIE } from '../pwa/src/data/api/sessionMarker'
import { KEPT_LIST_KEY, KEPT_SCREENS_CACHE, withKeptCopy } from '../pwa/src/data/kept-screen/keys'

/** The Cookie Store API, which workers have in Chromium; absent elsewhere (then no copy is shown). */
interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>
}

export interface KeptListSources {
  cookies: CookieStoreLike | undefined
  caches: CacheStorage
}

/**
 * The page a navigation to /recordings gets: the cached shell with the list
 * the app kept (data/kept-screen) put in as an inert copy, or the shell alone
 * when there is no copy or no session (the session marker cookie is cleared
 * at sign-out and when a refresh is refused, so no copy of a list shows to
 * someone who is not signed in). Undefined when the shell is not cached.
 */
export async function keptListPage(
  shell: Promise<Response | undefined>,
  sources: KeptListSources = { cookies: (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore, caches },
): Promise<Response | undefined> {
  const [page, copy] = await Promise.all([shell, keptCopy(sources)])
  if (!page || copy === null) return page
  const html = withKeptCopy(await page.clone().text(), copy)
  if (html === null) return page
  const headers = new Headers(page.headers)
  // The body is new: its length is not the cached one, and it is not encoded.
  headers.delete('Content-Length')
  headers.delete('Content-Encoding')
  return new Response(html, { status: page.status, statusText: page.statusText, headers })
}

async function keptCopy({ cookies, caches }: KeptListSources): Promise<string | null> {
  try {
    const marker = await cookies?.get(SESSION_MARKER_COOKIE)
    if (marker?.value !== '1') return null
    const kept = await caches.match(KEPT_LIST_KEY, { cacheName: KEPT_SCREENS_CACHE })
    return kept ? await kept.text() : null
  } catch {
    return null
  }
}
