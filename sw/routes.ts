/**
 * Navigation requests matching these never get the cached app shell: they are
 * the server's own endpoints, not app routes. The REST API under /api/ (the
 * OIDC sign-in popups included: /api/v1/auth/google/start and its callback)
 * and the probes and metrics of `pocket serve` (docs/api.md). Workbox tests
 * them against the path with its query string.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/(healthz|readyz|metrics)(\?|$)/]

/** The message workbox-window's messageSkipWaiting() posts. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING'
}
