/**
 * Persistent storage (the StorageManager's persist()): a browser may clear
 * an origin's storage when the device runs low on space unless the origin
 * was granted persistence, and the offline library is worth keeping.
 */
export type Persistence = 'persistent' | 'best-effort'

/** The part of navigator.storage this uses (tests hand a fake). */
export interface PersistenceStorage {
  persist?: () => Promise<boolean>
  persisted?: () => Promise<boolean>
}

const browserStorage = (): PersistenceStorage | undefined => globalThis.navigator?.storage

/** Whether the browser keeps this origin's storage; null where it cannot say (no StorageManager). */
export async function readPersistence(storage = browserStorage()): Promise<Persistence | null> {
  if (typeof storage?.persisted !== 'function') return null
  try {
    return (await storage.persisted()) ? 'persistent' : 'best-effort'
  } catch {
    return null
  }
}

/**
 * Asks for persistence (once granted it is not asked again: some browsers
 * ask the user); answers what the browser granted, null where it cannot.
 */
export async function askPersistence(storage = browserStorage()): Promise<Persistence | null> {
  if (typeof storage?.persist !== 'function') return null
  try {
    if (await storage.persisted?.()) return 'persistent'
    return (await storage.persist()) ? 'persistent' : 'best-effort'
  } catch {
    return null
  }
}
