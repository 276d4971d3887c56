import { createContext, useContext } from 'react'
import type { AuthUser } from '@/data/api/auth'

/** The auth context of spec §3. */
export interface AuthContextValue {
  user: AuthUser | null
  idToken: string | null
  loading: boolean
  loginWithCustomToken: (token: string) => Promise<AuthUser>
  loginWithGoogle: () => Promise<AuthUser>
  loginWithApple: () => Promise<AuthUser>
  logout: () => Promise<void>
  /**
   * Signs out every device of the user, then this one as logout does. If the
   * server could not do it, it throws and this device stays signed in.
   * revokeTokens ends the user's personal access tokens too.
   */
  logoutEverywhere: (options?: { revokeTokens?: boolean }) => Promise<void>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}
