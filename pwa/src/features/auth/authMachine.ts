import type { AuthUser } from '@/data/api/auth'

/**
 * The auth state machine of spec §4, as a pure reducer:
 *   loading ──RESTORED/SIGNED_IN──> signedIn
 *   loading ──SIGNED_OUT/FAILED───> signedOut
 *   signedIn ──SIGNED_OUT/FAILED──> signedOut   (errors clear user and token)
 *   signedOut ──SIGNED_IN─────────> signedIn
 * Loading ends after the first result, whatever it is.
 */
type AuthStatus = 'loading' | 'signedIn' | 'signedOut'

export interface AuthState {
  status: AuthStatus
  user: AuthUser | null
  /** Null while signed out, and while signed in offline (restored from IndexedDB). */
  idToken: string | null
}

export type AuthEvent =
  | { type: 'RESTORED'; user: AuthUser; idToken: string | null }
  | { type: 'SIGNED_IN'; user: AuthUser; idToken: string }
  | { type: 'TOKEN_REFRESHED'; user: AuthUser; idToken: string }
  | { type: 'SIGNED_OUT' }
  | { type: 'FAILED' }

export const initialAuthState: AuthState = { status: 'loading', user: null, idToken: null }

const signedOut: AuthState = { status: 'signedOut', user: null, idToken: null }

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'RESTORED':
    case 'SIGNED_IN':
      return { status: 'signedIn', user: event.user, idToken: event.idToken }
    case 'TOKEN_REFRESHED':
      // A refresh that lands after logout must not sign the user back in.
      return state.status === 'signedIn' ? { ...state, user: event.user, idToken: event.idToken } : state
    case 'SIGNED_OUT':
    case 'FAILED':
      return signedOut
  }
}
