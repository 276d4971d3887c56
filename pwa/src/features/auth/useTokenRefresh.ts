import { useEffect, type Dispatch } from 'react'
import { refreshSession } from '@/data/api/auth'
import { session } from '@/data/session'
import type { AuthEvent } from './authMachine'

/** ID tokens live 60 minutes; refreshing at 50 keeps one valid at all times. */
export const TOKEN_REFRESH_INTERVAL_MS = 50 * 60 * 1000

/**
 * While signed in: refresh the ID token every 50 minutes (a failure is only
 * logged, spec §4), when the network comes back after an offline start, and
 * on demand after a 401 (through session.refreshAfterUnauthorized).
 */
export function useTokenRefresh(signedIn: boolean, dispatch: Dispatch<AuthEvent>): void {
  useEffect(() => {
    if (!signedIn) return
    const refresh = async (): Promise<string | null> => {
      const grant = await refreshSession()
      session.setIdToken(grant.idToken)
      dispatch({ type: 'TOKEN_REFRESHED', user: grant.user, idToken: grant.idToken })
      return grant.idToken
    }
    const refreshQuietly = () => {
      refresh().catch((error: unknown) => console.error('ID token refresh failed', error))
    }
    const onOnline = () => {
      if (!session.getIdToken()) refreshQuietly()
    }
    const timer = setInterval(refreshQuietly, TOKEN_REFRESH_INTERVAL_MS)
    window.addEventListener('online', onOnline)
    session.setRefresher(refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('online', onOnline)
      session.setRefresher(null)
    }
  }, [signedIn, dispatch])
}
