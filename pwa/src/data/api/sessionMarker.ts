/**
 * The server sets this readable, non-secret cookie ("1") together with the
 * httpOnly refresh cookie, with the same lifetime, and clears it at logout
 * and when a refresh is refused (docs/api.md). Without it there is no
 * session to restore, so start-up skips the refresh call and its 401.
 */
export const SESSION_MARKER_COOKIE = 'pocket_has_session'

export function hasSessionMarker(
  cookies: string = (globalThis as { document?: { cookie: string } }).document?.cookie ?? '',
): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${SESSION_MARKER_COOKIE}=1`)
}
