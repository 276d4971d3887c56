/** What a full disk made the app remove, for the toast that tells the user (OfflineLibrary). */
export interface Eviction {
  /** How many recordings kept offline were removed to make room. */
  removed: number
}

type Listener = (eviction: Eviction) => void

const listeners = new Set<Listener>()
/** Removed before anyone listened (a write as the app starts, before the toast's code): told to the first. */
let untold = 0

/** Hears of every eviction in this tab, and of those before it; answers the way to stop. */
export function onEviction(listener: Listener): () => void {
  listeners.add(listener)
  if (untold > 0) {
    listener({ removed: untold })
    untold = 0
  }
  return () => void listeners.delete(listener)
}

export function tellEviction(eviction: Eviction): void {
  if (listeners.size === 0) untold += eviction.removed
  listeners.forEach((listener) => listener(eviction))
}
