import { useEffect, useRef } from 'react'
import { useToast } from '@/ui/toast/toastContext'
import { useSyncState } from './useSyncState'

/** Long enough to read what was refused and why. */
export const REFUSAL_TOAST_MS = 10_000

/**
 * Says so at once (an error toast: role=alert) when the server refuses an
 * edit for good; the status's "not saved" button then lists it. Refusals
 * already there when the app opens are not announced again. Renders nothing.
 */
export function SyncRefusalAlerts() {
  const { problems, loaded } = useSyncState()
  const toast = useToast()
  const seen = useRef<Set<number> | null>(null)

  useEffect(() => {
    if (!loaded) return
    const known = seen.current
    seen.current = new Set(problems.map((p) => p.seq))
    if (!known) return // the first answer: what was refused before this page opened
    const fresh = problems.filter((p) => !known.has(p.seq))
    if (fresh.length === 0) return
    // The words for an edit load with the first refusal, not with the shell (the app's worker has them offline).
    void import('./describeEdit').then(({ describeEdit }) => {
      for (const p of fresh)
        toast.error(`Not saved: ${describeEdit(p.mutation, p.names)}. ${p.message}`, { duration: REFUSAL_TOAST_MS })
    })
  }, [problems, loaded, toast])

  return null
}
