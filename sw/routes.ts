/**
 * Navigation requests matching these never get the cached app shell: they are
 * the server's own endpoints, not app routes. The REST API under /api/ (the
 * OIDC sign-in popups included: /api/v1/auth/google/start and its callback)
 * and the probes and metrics of `pocket serve` (docs/api.md). Workbox tests
 * them against the path with its query string.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/(healthz|readyz|metrics)(\?|$)/]

/**
 * /login opens login.html (the login screen pre-rendered into the HTML, so it
 * paints before any script runs) when the build has it; every other app route
 * opens index.html. Tested like the denylist, against path and query.
 */
export const LOGIN_NAVIGATION: RegExp[] = [/^\/login\/?(\?|$)/]

export function precaches(manifest: ReadonlyArray<string | { url: string }>, url: string): boolean {
  return manifest.some((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '') === url)
}

/** The message workbox-window's messageSkipWaiting() posts. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING'
}
