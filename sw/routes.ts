/**
 * Navigation requests matching these never get the cached app shell: they
 * are server pages or endpoints (REST, Connect RPC, OIDC popups, WebSocket).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/pocket\.[a-z]+\.v\d+\./, /^\/healthz/, /^\/metrics/]

/** The message workbox-window's messageSkipWaiting() posts. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING'
}
