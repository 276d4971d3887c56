import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { PocketDB } from '@/data/db'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { countAvailable } from '@/data/offline/candidates'
import type { Prefetcher } from '@/data/offline'
import { askPersistence, readPersistence, type Persistence } from '@/data/offline/persist'
import type { PrefetchStatus } from '@/data/offline/status'

/** navigator.storage.estimate(), or null where the browser has none. */
export type Estimate = () => Promise<{ usage?: number; quota?: number } | null>

/** Reads and asks for persistent storage (data/offline/persist.ts; tests hand a fake). */
export interface PersistenceApi {
  read: () => Promise<Persistence | null>
  ask: () => Promise<Persistence | null>
}

export const browserPersistence: PersistenceApi = { read: () => readPersistence(), ask: () => askPersistence() }

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

export interface StorageUse {
  usage: number
  /** What the browser allows this origin, when it says. */
  quota: number | null
}

/**
 * Bytes the origin uses (and may use); undefined while asking, null when
 * unknown. Asked again whenever `version` changes (more recordings stored).
 */
export function useStorageUsed(estimate: Estimate, version: unknown): StorageUse | null | undefined {
  const [used, setUsed] = useState<StorageUse | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    estimate()
      .then(
        (e) =>
          live &&
          setUsed(
            typeof e?.usage === 'number'
              ? { usage: e.usage, quota: typeof e.quota === 'number' && e.quota > 0 ? e.quota : null }
              : null,
          ),
      )
      .catch(() => live && setUsed(null))
    return () => {
      live = false
    }
  }, [estimate, version])
  return used
}

/**
 * Whether the browser keeps this device's storage (undefined while asking,
 * null where it cannot say), and a way to ask for it that shows the answer.
 */
export function usePersistence(api: PersistenceApi): [Persistence | null | undefined, () => void] {
  const [persistence, setPersistence] = useState<Persistence | null | undefined>(undefined)
  const live = useRef(true)
  useEffect(() => {
    live.current = true
    api.read().then(
      (p) => live.current && setPersistence(p),
      () => live.current && setPersistence(null),
    )
    return () => {
      live.current = false
    }
  }, [api])
  const ask = useCallback(() => {
    api.ask().then(
      (p) => live.current && p !== null && setPersistence(p),
      () => undefined,
    )
  }, [api])
  return [persistence, ask]
}
