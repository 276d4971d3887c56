import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  createSession,
  endAllSessions,
  endSession,
  type AuthUser,
  type ProviderAvailability,
  type SocialProvider,
} from '@/data/api/auth'
import { earlyStartSettled, forgetEarlyFirstPage } from '@/data/earlyStart'
import { authKeys } from '@/data/keys'
import { session } from '@/data/session'
import { AuthContext, type AuthContextValue } from './AuthContext'
import { ProviderNotConfiguredError } from './authErrors'
import { authReducer, initialAuthState } from './authMachine'
import { openAuthPopup } from './popup'
import { takeRestore } from './restore'
import { useTokenRefresh } from './useTokenRefresh'

// The IndexedDB, sync and push layers load on demand, so the login screen's
// first download carries none of them.
const profileStore = () => import('@/data/profile')
const syncEngine = () => import('@/data/sync/engine')
const pushDevice = () => import('@/data/push/device')

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState)
  const queryClient = useQueryClient()
  const restoreStarted = useRef(false)

  // The API client reads the token from `session`; keep it in step with state.
  session.setIdToken(state.idToken)

  useEffect(() => {
    if (restoreStarted.current) return // StrictMode mounts twice; the cookie refresh must run once
    restoreStarted.current = true
    takeRestore()
      .then(async (restored) => {
        // The list's chunks and first page, started beside the restore, are
        // waited for: the signed-in screen then renders whole, not piece by
        // piece as they arrive.
        if (restored) await earlyStartSettled()
        // A transition: the whole signed-in screen is drawn in slices, the
        // page answering between them (its copy from the HTML is showing).
        startTransition(() => dispatch(restored ? { type: 'RESTORED', ...restored } : { type: 'SIGNED_OUT' }))
      })
      .catch((error: unknown) => {
        console.error('Restoring the session failed', error)
        dispatch({ type: 'FAILED' })
      })
  }, [])

  useTokenRefresh(state.status === 'signedIn', dispatch)

  const loginWithCustomToken = useCallback(async (token: string): Promise<AuthUser> => {
    try {
      const grant = await createSession(token)
      await (await profileStore()).adoptProfile(grant.user)
      session.setIdToken(grant.idToken) // before any screen's first query runs
      dispatch({ type: 'SIGNED_IN', user: grant.user, idToken: grant.idToken })
      return grant.user
    } catch (error) {
      console.error('Sign-in failed', error)
      session.setIdToken(null)
      dispatch({ type: 'FAILED' })
      throw error
    }
  }, [])

  const loginWithProvider = useCallback(
    async (provider: SocialProvider): Promise<AuthUser> => {
      // Known only if the login screen already asked; unknown means "try".
      const available = queryClient.getQueryData<ProviderAvailability>(authKeys.providers())
      if (available && !available[provider]) throw new ProviderNotConfiguredError(provider)
      const token = await openAuthPopup(provider)
      return loginWithCustomToken(token)
    },
    [queryClient, loginWithCustomToken],
  )

  const signOut = useCallback(
    async (everywhere: boolean, revokeTokens = false): Promise<void> => {
      let failure: unknown = null
      // While the token still works: a signed-out device gets no more pushes (bounded, never fails).
      await (await pushDevice()).forgetPushOnSignOut()
      if (everywhere) {
        // Not caught: if the other devices were not signed out, this one stays
        // signed in, so the person sees it failed and can try again.
        await endAllSessions({ revokeTokens })
      } else {
        try {
          await endSession()
        } catch (error) {
          console.error('Sign-out request failed', error)
          failure = error
        }
      }
      // The device forgets the user even if the server could not be told; sync
      // stops first, so nothing more of theirs is sent or pulled.
      const [{ stopSync }, { clearLocalUserData }] = await Promise.all([syncEngine(), profileStore()])
      stopSync()
      forgetEarlyFirstPage()
      session.setIdToken(null)
      await clearLocalUserData()
      queryClient.clear()
      dispatch({ type: 'SIGNED_OUT' })
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what endSession threw, as it was
      if (failure) throw failure
    },
    [queryClient],
  )
  const logout = useCallback(() => signOut(false), [signOut])
  const logoutEverywhere = useCallback(
    (options: { revokeTokens?: boolean } = {}) => signOut(true, options.revokeTokens === true),
    [signOut],
  )

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      idToken: state.idToken,
      loading: state.status === 'loading',
      loginWithCustomToken,
      loginWithGoogle: () => loginWithProvider('google'),
      loginWithApple: () => loginWithProvider('apple'),
      logout,
      logoutEverywhere,
    }),
    [state, loginWithCustomToken, loginWithProvider, logout, logoutEverywhere],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
