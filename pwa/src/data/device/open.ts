import type { PocketDB } from '../db'

let loading: Promise<typeof import('./live')> | undefined

/**
 * The device store's module (Dexie and the app's tables), loaded on first
 * use: no screen's first download carries IndexedDB's 30 kB, and the screen
 * asks for it while it draws. A failed load (a deploy replaced the chunk)
 * is tried again on the next call.
 */
export function loadDevice(): Promise<typeof import('./live')> {
  return (loading ??= import('./live').then(
    (module) => {
      loaded = module
      return module
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  ))
}

/** The module once it has loaded: lets a screen read the device in its first render from then on. */
export let loaded: typeof import('./live') | undefined

/** The app's IndexedDB database. */
export async function deviceDb(): Promise<PocketDB> {
  return (await loadDevice()).db
}
