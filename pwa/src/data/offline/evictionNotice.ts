/** What a full disk made the app remove, for the toast that tells the user (OfflineLibrary). */
export interface Eviction {
  /** How many recordings kept offline were removed to make room. */
  removed: number
}

type Listener = (eviction: Eviction) => void

const listeners = new Set<Listener>()

/** Hears of every eviction in this tab; answers the way to stop. */
export function onEviction(listener: Listener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function tellEviction(eviction: Eviction): void {
  listeners.forEach((listener) => listener(eviction))
}
