import { useEffect, useRef } from 'react'
import { appPrefetcher, type Prefetcher } from '@/data/offline'
import { afterSyncPull } from '@/data/sync/engine'
import { useToast } from '@/ui/toast/toastContext'
import { QUOTA_TOAST } from './texts'

export interface OfflineLibraryProps {
  prefetcher?: Prefetcher
  /** How the prefetcher hears of pulls (tests hand a fake). */
  onPull?: typeof afterSyncPull
}

/**
 * Keeps the newest recordings on the device: every sync pull that changed
 * something (and the first after sign-in) starts the prefetcher, which
 * stops with that sync at sign-out. A full disk is told as a toast, not
 * only logged. Renders nothing.
 */
export function OfflineLibrary({ prefetcher = appPrefetcher(), onPull = afterSyncPull }: OfflineLibraryProps) {
  const toast = useToast()
  const toastRef = useRef(toast)
  toastRef.current = toast

  useEffect(
    () =>
      onPull((signal) => {
        prefetcher.run(signal).catch((error) => console.warn('offline: prefetch failed', error))
      }),
    [prefetcher, onPull],
  )

  useEffect(() => {
    let shown = prefetcher.status.get().quotaExceeded
    return prefetcher.status.subscribe(() => {
      const full = prefetcher.status.get().quotaExceeded
      if (full && !shown) toastRef.current.error(QUOTA_TOAST, { duration: 6000 })
      shown = full
    })
  }, [prefetcher])

  return null
}
