import { refreshSession, type AuthUser } from '@/data/api/auth'
import { hasStatus } from '@/data/api/errors'
import { adoptProfile, forgetProfile, loadProfile } from '@/data/profile'

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
 */
export async function restoreSession(): Promise<RestoredSession | null> {
  try {
    const grant = await refreshSession(AbortSignal.timeout(RESTORE_TIMEOUT_MS))
    await adoptProfile(grant.user)
    return { user: grant.user, idToken: grant.idToken }
  } catch (error) {
    if (hasStatus(error, 400, 401, 403)) {
      await forgetProfile() // the server says there is no session
      return null
    }
    const cached = await loadProfile()
    if (cached) {
      console.warn('Session refresh failed; continuing offline with the cached profile', error)
      return { user: cached, idToken: null }
    }
    throw error
  }
}
