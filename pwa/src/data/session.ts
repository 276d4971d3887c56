/**
 * The bearer token of the signed-in session, readable outside React so the
 * API client can attach it without components passing it around. The auth
 * provider (features/auth) is the only writer.
 */
type Refresher = () => Promise<string | null>

let idToken: string | null = null
let refresher: Refresher | null = null
let inflight: Promise<string | null> | null = null

export const session = {
  getIdToken(): string | null {
    return idToken
  },

  setIdToken(token: string | null): void {
    idToken = token
  },

  /** How to get a fresh ID token (the auth provider registers it). */
  setRefresher(fn: Refresher | null): void {
    refresher = fn
  },

  /** Whether a refresh can be asked for: someone is signed in (the auth provider registered its refresher). */
  canRefresh(): boolean {
    return refresher !== null
  },

  /**
   * Called by the API client after a 401: a laptop that slept past the 1 h
   * token lifetime should not look signed out. Concurrent 401s share one
   * refresh. Resolves true when a new token is in place.
   */
  async refreshAfterUnauthorized(): Promise<boolean> {
    if (!refresher) return false
    inflight ??= refresher().finally(() => {
      inflight = null
    })
    try {
      return (await inflight) !== null
    } catch {
      return false
    }
  },
}
