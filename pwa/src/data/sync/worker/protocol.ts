/**
 * What the page and the sync worker (syncWorker.ts) say to each other. The
 * worker pulls and applies the server's changes to IndexedDB; the page keeps
 * reading Dexie, whose live queries hear the worker's writes (Dexie posts
 * every committed change on a BroadcastChannel that all the origin's
 * contexts share). Only the session stays on the page: the worker is handed
 * the ID token with each pull and asks the page for a fresh one when the
 * server refuses it.
 */
import type { PullResult } from '../pullResult'

/** Page → worker. */
export type ToWorker =
  /** Pull every change after the stored cursor, with this token. */
  | { type: 'pull'; id: number; token: string | null }
  /** The answer to a 'refresh': the fresh token, or null when none could be had. */
  | { type: 'token'; id: number; token: string | null }

/** Worker → page. */
export type FromWorker =
  /** The worker has loaded and takes pulls. */
  | { type: 'ready' }
  | { type: 'pulled'; id: number; result: PullResult }
  | { type: 'failed'; id: number; error: WorkerError }
  /** The server said Unauthenticated: the page refreshes its session and answers with 'token'. */
  | { type: 'refresh'; id: number }

/** An error as it crosses the boundary (a ConnectError's code kept, so the page can tell what failed). */
export interface WorkerError {
  name: string
  message: string
  code?: number
}

export function describeError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const code = (error as { code?: unknown }).code
  return { name: error.name, message: error.message, ...(typeof code === 'number' ? { code } : {}) }
}

/** The page's copy of an error the worker met. */
export class SyncWorkerError extends Error {
  readonly code: number | undefined
  constructor(described: WorkerError) {
    super(described.message)
    this.name = described.name
    this.code = described.code
  }
}

/** The part of a MessagePort / Worker / worker scope either side uses. */
export interface Endpoint<In, Out> {
  postMessage(message: Out): void
  addEventListener(type: 'message', listener: (ev: MessageEvent<In>) => void): void
}
