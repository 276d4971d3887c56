import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { useAuth } from '@/features/auth/AuthContext'
import { FullPageSpinner } from '@/ui/FullPageSpinner'

/**
 * Protected screens (spec §2): spinner while auth loads, the content when
 * signed in, otherwise a replace navigation to /login (so Back does not
 * bounce the user into the guard again).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth()
  if (loading) return <FullPageSpinner />
  // Every successful login lands on /recordings (spec §2), so no "from" is kept.
  if (!user) return <Redirect to="/login" replace />
  return children
}

/** /login: a signed-in user goes straight to /recordings. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth()
  if (loading) return <FullPageSpinner />
  if (user) return <Redirect to="/recordings" replace />
  return children
}
