/** What the prefetcher is doing, for the dialog and the quota toast (useSyncExternalStore). */
export interface PrefetchStatus {
  running: boolean
  /** The last run stopped because the device's storage is full. */
  quotaExceeded: boolean
}

export interface StatusStore {
  get: () => PrefetchStatus
  set: (patch: Partial<PrefetchStatus>) => void
  subscribe: (listener: () => void) => () => void
}

export const IDLE: PrefetchStatus = { running: false, quotaExceeded: false }

export function createStatusStore(): StatusStore {
  let status = IDLE
  const listeners = new Set<() => void>()
  return {
    get: () => status,
    set(patch) {
      status = { ...status, ...patch }
      listeners.forEach((fn) => fn())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** IndexedDB's and Dexie's "storage is full" errors (Dexie names its wrapper the same). */
export function isQuotaError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { name?: unknown }).name === 'QuotaExceededError') return true
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause
  }
  return false
}
