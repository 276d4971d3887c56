import { useEffect } from 'react'
import { useLatest } from '@/ui/useLatest'
import { useQueryClient } from '@tanstack/react-query'
import { startSync, type StartSyncOptions } from '@/data/sync/engine'
import { sendFreshToken } from '@/data/sync/live'
import { useAuth } from '@/features/auth/AuthContext'

export interface SyncWhileSignedInProps {
  /** How sync starts (tests hand a fake); returns stop(). */
  start?: (options: StartSyncOptions) => () => void
  /** How a refreshed ID token reaches the open live socket. */
  sendToken?: (token: string) => void
}

/**
 * Keeps the device in step with the server while someone is signed in:
 * sync starts with the session and stops at sign-out (or when another user
 * signs in, it restarts for them). Each new ID token is handed to the live
 * socket at once, so the server does not close it when the old one expires.
 * Renders nothing.
 */
export function SyncWhileSignedIn({ start = startSync, sendToken = sendFreshToken }: SyncWhileSignedInProps) {
  const { user, idToken } = useAuth()
  const queryClient = useQueryClient()
  const uid = user?.uid ?? null
  // Read inside the effect without restarting sync on each new function identity.
  const startRef = useLatest(start)

  useEffect(() => {
    if (!uid) return
    return startRef.current({ queryClient })
  }, [startRef, uid, queryClient])

  // The socket reads the session's token when it connects; one already open
  // gets each new token as a message (a socket still connecting ignores it).
  useEffect(() => {
    if (uid && idToken) sendToken(idToken)
  }, [uid, idToken, sendToken])

  return null
}
