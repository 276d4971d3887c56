import { useEffect } from 'react'
import { useLatest } from '@/ui/useLatest'
import { appPrefetcher, type Prefetcher } from '@/data/offline'
import { afterSyncPull } from '@/data/sync/engine'
import { onEviction } from '@/data/offline/evictionNotice'
import { useToast } from '@/ui/toast/toastContext'
import { evictedLabel, QUOTA_TOAST } from './texts'
import { browserPersistence, type PersistenceApi } from './useOfflineState'

export interface OfflineLibraryProps {
  prefetcher?: Prefetcher
  /** How the prefetcher hears of pulls (tests hand a fake). */
  onPull?: typeof afterSyncPull
  persistence?: PersistenceApi
}

/** How long the notice of recordings removed from a full disk stays: long enough to read. */
const EVICTED_TOAST_MS = 8000

/**
 * Keeps the newest recordings on the device: every sync pull that changed
 * something (and the first after sign-in) starts the prefetcher, which
 * stops with that sync at sign-out. A full disk is told as a toast, not
 * only logged, as are the recordings removed to make room on one. When the
 * app is installed it asks for persistent storage. Renders nothing.
 */
export function OfflineLibrary({
  prefetcher = appPrefetcher(),
  onPull = afterSyncPull,
  persistence = browserPersistence,
}: OfflineLibraryProps) {
  const toast = useToast()
  const toastRef = useLatest(toast)

  // A full disk removed recordings kept offline to make room: say how many.
  useEffect(
    () => onEviction(({ removed }) => toastRef.current.info(evictedLabel(removed), { duration: EVICTED_TOAST_MS })),
    [toastRef],
  )

  // Installed as an app: the library is worth keeping, ask the browser not to clear it.
  useEffect(() => {
    const ask = () => void persistence.ask()
    globalThis.addEventListener?.('appinstalled', ask)
    return () => globalThis.removeEventListener?.('appinstalled', ask)
  }, [persistence])

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
  }, [toastRef, prefetcher])

  return null
}
