import { BACKGROUND_SYNC_TAG, FLUSH_MESSAGE } from '../pwa/src/data/sync/workerMessages'

/** A Background Sync event (not in TypeScript's WebWorker lib). */
export interface SyncEventLike {
  readonly tag: string
  waitUntil(promise: Promise<unknown>): void
}

/** The part of the worker's `clients` used here. */
export interface ClientsLike {
  matchAll(options: {
    type: 'window'
    includeUncontrolled: boolean
  }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>
}

/**
 * The network came back while edits were waiting: every open window of the
 * app is told to send them. The app owns the outbox and how it is sent (one
 * tab at a time, under a lock); a closed app sends them when it next starts.
 */
export function onBackgroundSync(event: SyncEventLike, clients: ClientsLike): void {
  if (event.tag !== BACKGROUND_SYNC_TAG) return
  event.waitUntil(tellWindowsToFlush(clients))
}

export async function tellWindowsToFlush(clients: ClientsLike): Promise<number> {
  // Uncontrolled too: a window opened before this worker took over still holds the outbox.
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const w of windows) w.postMessage({ type: FLUSH_MESSAGE })
  return windows.length
}
