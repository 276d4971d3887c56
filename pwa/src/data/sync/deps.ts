import { db as appDb, type PocketDB } from '../db'
import { session as appSession } from '../session'
import type { SessionLike, SyncClient } from './client'
import { loadSyncCode } from './loadSyncCode'
import type { PullResult } from './pullResult'

/** Everything sync touches outside itself, so tests can hand it fakes (and a fresh database). */
export interface SyncDeps {
  db: PocketDB
  client: SyncCalls
  session: SessionLike
  now: () => number
  /** In [0, 1): backoff jitter. */
  random: () => number
  /** Idempotency keys. */
  uuid: () => string
  /** Runs fn holding a named lock shared by the browser's tabs (pull and flush run in one tab at a time). */
  lock: <T>(name: string, fn: () => Promise<T>) => Promise<T>
  /**
   * Where a pull runs: given the pull on the page, the pull to run instead
   * (the app's runs in the sync worker). Without it pulls run on the page.
   */
  pullIn?: (onPage: () => Promise<PullResult>) => () => Promise<PullResult>
}

/** The calls sync makes to the server. */
export type SyncCalls = Pick<SyncClient, 'push' | 'pull'>

/**
 * The app's client, made on its first call: the Connect runtime and the
 * sync descriptors load then, not with the list (which reads queued edits
 * but sends nothing). A failed load (a deploy replaced the chunk) is tried
 * again on the next call.
 */
export function clientOnFirstCall(makeClient: () => Promise<SyncCalls>): SyncCalls {
  let client: Promise<SyncCalls> | undefined
  const load = () =>
    (client ??= makeClient().catch((error: unknown) => {
      client = undefined
      throw error
    }))
  return {
    push: async (request, options) => (await load()).push(request, options),
    pull: async (request, options) => (await load()).pull(request, options),
  }
}

/** The lock a pull holds, in whichever tab runs it. */
export const PULL_LOCK = 'pocket-sync-pull'

/**
 * Resolves once no tab of this browser is pulling. Background work (the
 * offline library's fetches) waits on it: a live event's pull, and the
 * screens that read what it wrote, share the renderer with that work and
 * should not queue behind it.
 */
export function whenNotPulling(): Promise<void> {
  const locks = globalThis.navigator?.locks
  // A shared request is granted once the exclusive pull lock is free, and holds nothing after.
  return locks ? locks.request(PULL_LOCK, { mode: 'shared' }, () => undefined).then(() => undefined) : Promise.resolve()
}

/** navigator.locks where the browser has it; otherwise the work just runs (one tab's single-flight still holds). */
export function browserLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks
  return locks ? (locks.request(name, fn) as unknown as Promise<T>) : fn()
}

export function defaultDeps(): SyncDeps {
  return {
    db: appDb,
    client: clientOnFirstCall(() =>
      loadSyncCode(() => import('./client')).then((m) => m.syncClient(m.syncTransport(appSession))),
    ),
    session: appSession,
    now: () => Date.now(), // read at each call: a clock installed later (a fake one in tests) is seen
    random: Math.random,
    uuid: () => crypto.randomUUID(),
    lock: browserLock,
    pullIn: inSyncWorker,
  }
}

/**
 * The app's pulls, in the sync worker (worker/): its page-side code loads
 * with the first pull, not with the list. Where it cannot load or the
 * worker cannot start, pulls run on the page.
 */
function inSyncWorker(onPage: () => Promise<PullResult>): () => Promise<PullResult> {
  let run: Promise<() => Promise<PullResult>> | undefined
  const load = () =>
    (run ??= import('./worker/pullInWorker').then(
      (m) => m.pullInWorker(appSession, onPage),
      () => {
        run = undefined // a deploy replaced the chunk: tried again on the next pull
        return onPage
      },
    ))
  return () => load().then((pull) => pull())
}
