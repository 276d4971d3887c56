import { defaultDeps, PULL_LOCK, type SyncDeps } from './deps'
import type { FlushOptions, FlushResult } from './flush'
import type { MutationInit, MutationTarget } from './mutation'
import * as outbox from './outbox'
import type { EnqueueOptions, OutboxRow } from './outbox'
import type { PullResult } from './pull'
import { recompose, syncTables } from './rebase'
import { singleFlight } from './singleFlight'
import { loadSyncCode } from './loadSyncCode'

export type { FlushResult, FlushOptions } from './flush'
export type { PullResult } from './pull'
export type { EnqueueOptions, OutboxRow } from './outbox'
export type { MutationInit, MutationTarget } from './mutation'

/** Sync of one device's library against one server: what the app and the engine call. */
export interface Sync {
  readonly deps: SyncDeps
  /** Pulls every change since the stored cursor. Concurrent calls share a run; a call during one gets one more run after it. */
  pullChanges(): Promise<PullResult>
  /** Sends pending edits in order (single-flight like pullChanges). */
  flush(options?: FlushOptions): Promise<FlushResult>
  /** Shows the edit at once and queues it (one transaction); holdMs delays its sending (an Undo window). */
  enqueue(init: MutationInit, target?: MutationTarget, options?: EnqueueOptions): Promise<OutboxRow>
  retryFailed(seq: number): Promise<void>
  discard(seq: number): Promise<OutboxRow | null>
  /** Undo of a held edit: discards it only while no tab may send it yet; null when too late. */
  undoHeld(seq: number): Promise<OutboxRow | null>
  /** Lays the entity's queued edits over what the device holds again (after a REST refetch wrote it). */
  rebase(target: MutationTarget): Promise<void>
  listOutbox(): Promise<OutboxRow[]>
  pendingFor(entityId: string): Promise<OutboxRow[]>
  /**
   * Runs fn once no pull or send is under way in any tab, and none starts
   * until it ends: sign-out clears the device here, so a pull answered just
   * before cannot write the user's library back after the clear.
   */
  whileIdle<T>(fn: () => Promise<T>): Promise<T>
  /** Called after an edit is queued or put back in the queue: something waits to be sent. */
  onQueued(listener: () => void): () => void
}

const FLUSH_LOCK = 'pocket-sync-flush'

export function createSync(deps: SyncDeps): Sync {
  const { db } = deps
  const listeners = new Set<() => void>()
  const queued = () => listeners.forEach((fn) => fn())
  // Tabs share one IndexedDB: the lock keeps two tabs from sending the same edits at once.
  // Pulling and sending load with their first run: a screen that only reads the queue never needs them.
  // The app's pulls run in the sync worker (deps.pullIn); the lock is still taken here, so that
  // whileIdle (sign-out) waits for a pull under way in any tab's worker.
  const pullOnPage = async () => (await loadSyncCode(() => import('./pull'))).pullOnce(deps)
  const pullRun = deps.pullIn ? deps.pullIn(pullOnPage) : pullOnPage
  const pull = singleFlight(() => deps.lock(PULL_LOCK, pullRun))
  let ignoreBackoff = false
  const flush = singleFlight(() => {
    const options = { ignoreBackoff }
    ignoreBackoff = false
    return deps.lock(FLUSH_LOCK, async () => (await loadSyncCode(() => import('./flush'))).flushOnce(deps, options))
  })
  return {
    deps,
    pullChanges: pull,
    flush(options) {
      if (options?.ignoreBackoff) ignoreBackoff = true
      return flush()
    },
    async enqueue(init, target, options) {
      const row = await outbox.enqueue(deps, init, target, options)
      queued()
      return row
    },
    async retryFailed(seq) {
      await outbox.retryFailed(deps, seq)
      queued()
    },
    discard: (seq) => outbox.discard(deps, seq),
    undoHeld: (seq) => outbox.undoHeld(deps, seq),
    rebase: (target) => db.transaction('rw', syncTables(db), () => recompose(db, target)),
    listOutbox: () => outbox.listOutbox(db),
    whileIdle: (fn) => deps.lock(PULL_LOCK, () => deps.lock(FLUSH_LOCK, fn)),
    pendingFor: (entityId) => outbox.pendingFor(db, entityId),
    onQueued(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

let appSync: Sync | null = null

/** The app's sync: the app's database, session and same-origin server (made on first use). */
export function getSync(): Sync {
  appSync ??= createSync(defaultDeps())
  return appSync
}

export const pullChanges = (): Promise<PullResult> => getSync().pullChanges()
export const flush = (options?: FlushOptions): Promise<FlushResult> => getSync().flush(options)
export const enqueue = (init: MutationInit, target?: MutationTarget, options?: EnqueueOptions): Promise<OutboxRow> =>
  getSync().enqueue(init, target, options)
export const retryFailed = (seq: number): Promise<void> => getSync().retryFailed(seq)
export const discard = (seq: number): Promise<OutboxRow | null> => getSync().discard(seq)
/** The app's queued edits (pending and failed), oldest first; for useLiveQuery. */
export const listOutbox = (): Promise<OutboxRow[]> => getSync().listOutbox()
/** The ids of recordings and folders with queued edits; for useLiveQuery. */
export const waitingEntityIds = (): Promise<Set<string>> => outbox.waitingEntityIds(getSync().deps.db)
/** One recording's or folder's queued edits; for useLiveQuery. */
export const pendingFor = (entityId: string): Promise<OutboxRow[]> => getSync().pendingFor(entityId)
