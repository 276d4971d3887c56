import { useEffect, useState, useSyncExternalStore } from 'react'
import type { PocketDB } from '@/data/db'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { countAvailable } from '@/data/offline/candidates'
import type { Prefetcher } from '@/data/offline'
import type { PrefetchStatus } from '@/data/offline/status'

/** navigator.storage.estimate(), or null where the browser has none. */
export type Estimate = () => Promise<{ usage?: number } | null>

export const browserEstimate: Estimate = async () => {
  const storage = globalThis.navigator?.storage
  return typeof storage?.estimate === 'function' ? storage.estimate() : null
}

export function usePrefetchStatus(prefetcher: Prefetcher): PrefetchStatus {
  return useSyncExternalStore(prefetcher.status.subscribe, prefetcher.status.get)
}

/** How many of the newest `limit` are on `db` (the app's, or a test's); undefined while counting. Follows the database. */
export function useAvailable(db: PocketDB, limit: number) {
  return useDeviceQuery(() => countAvailable(db, limit), [db, limit])
}

/**
 * Bytes the origin uses; undefined while asking, null when unknown. Asked
 * again whenever `version` changes (more recordings stored).
 */
export function useStorageUsed(estimate: Estimate, version: unknown): number | null | undefined {
  const [used, setUsed] = useState<number | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    estimate()
      .then((e) => live && setUsed(typeof e?.usage === 'number' ? e.usage : null))
      .catch(() => live && setUsed(null))
    return () => {
      live = false
    }
  }, [estimate, version])
  return used
}
