import { refreshSession, type AuthUser } from '@/data/api/auth'
import { hasStatus } from '@/data/api/errors'
import { hasSessionMarker } from '@/data/api/sessionMarker'

/** The IndexedDB layer loads on demand: a signed-out visit to /login never needs it. */
const profileStore = () => import('@/data/profile')

/**
 * A start-up refresh that hangs (captive portal, half-dead Wi-Fi) must not
 * keep the spinner up forever; after this we fall back to the cached profile.
 */
const RESTORE_TIMEOUT_MS = 8000

interface RestoredSession {
  user: AuthUser
  /** Null when restored offline from IndexedDB. */
  idToken: string | null
}

/**
 * Start-up: the refresh cookie brings the session back across reloads and
 * browser restarts. With no network, the profile kept in IndexedDB stands in
 * so the user still reaches their cached library. Null means signed out.
 * Without the server's session marker cookie there is nothing to restore:
 * no request is made, so a signed-out visit logs no failed call.
 */
export async function restoreSession(
  isOnline = () => globalThis.navigator?.onLine !== false,
  afterRefresh?: (idToken: string) => void,
): Promise<RestoredSession | null> {
  if (!hasSessionMarker()) return null
  // Started at once, not after the refresh failed: offline, it is what the screen waits for.
  const cachedProfile = profileStore().then((store) => store.loadProfile())
  cachedProfile.catch(() => {}) // unused when the refresh succeeds; awaited (and reported) when it fails
  try {
    // With no network at all the refresh cannot succeed: no request, no wait.
    // The token is fetched when the network comes back (useTokenRefresh).
    if (!isOnline()) throw new Error('offline')
    const grant = await refreshSession(AbortSignal.timeout(RESTORE_TIMEOUT_MS))
    afterRefresh?.(grant.idToken) // the screen's first request, beside the profile's adoption and the first render
    await (await profileStore()).adoptProfile(grant.user)
    return { user: grant.user, idToken: grant.idToken }
  } catch (error) {
    if (hasStatus(error, 400, 401, 403)) {
      await (await profileStore()).forgetProfile() // the server says there is no session
      return null
    }
    const cached = await cachedProfile
    if (cached) {
      console.warn('Session refresh failed; continuing offline with the cached profile', error)
      return { user: cached, idToken: null }
    }
    throw error
  }
}

let early: Promise<RestoredSession | null> | undefined

/**
 * Starts this page load's restore before the first render (main.tsx), so the
 * refresh call does not wait for React to render the spinner first.
 * `afterRefresh` gets the new token as soon as the refresh answers.
 */
export function startRestoreEarly(afterRefresh?: (idToken: string) => void): void {
  early = restoreSession(undefined, afterRefresh)
  early.catch(() => {}) // reported where it is taken
}

/** The restore started early, once (a later AuthProvider restores afresh); else a new one. */
export function takeRestore(): Promise<RestoredSession | null> {
  const restore = early ?? restoreSession()
  early = undefined
  return restore
}
