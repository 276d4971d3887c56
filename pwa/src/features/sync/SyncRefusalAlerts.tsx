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
    for (const p of problems) {
      if (!known.has(p.seq)) toast.error(`Not saved: ${p.what}. ${p.message}`, { duration: REFUSAL_TOAST_MS })
    }
  }, [problems, loaded, toast])

  return null
}
