import type { QueryClient } from '@tanstack/react-query'
import { chatKeys } from '../chat'
import { recordingKeys } from '../recordings'
import { getSync, type FlushOptions, type PullResult, type Sync } from './index'
import { startLive, type Heard, type LiveHandle, type LiveOptions } from './live'
import type { LiveEvent, Timers } from './liveSocket'
import { backoffDelay, PULL_RETRY_BACKOFF } from './backoff'
import { BACKGROUND_SYNC_TAG, FLUSH_MESSAGE } from './workerMessages'

/** The part of navigator.serviceWorker used here. */
export type WorkerContainer = EventTarget & Pick<ServiceWorkerContainer, 'getRegistration'>

export interface StartSyncOptions {
  queryClient: QueryClient
  sync?: Sync
  live?: (options: LiveOptions) => LiveHandle
  /** Where 'online' fires (window). */
  events?: EventTarget
  /** navigator.serviceWorker; null where there is none. */
  serviceWorker?: WorkerContainer | null
  timers?: Timers
  isOnline?: () => boolean
}

// The service worker's Background Sync tag; its handler posts FLUSH_MESSAGE to the app.
export { BACKGROUND_SYNC_TAG, FLUSH_MESSAGE }

const RECORDING_EVENTS = new Set(['recording.created', 'recording.updated', 'recording.deleted', 'summary.ready'])

const running = new Set<() => void>()
const pulledHooks = new Set<(signal: AbortSignal) => void>()

/**
 * Runs hook after the first pull of each sync and after every later pull
 * that changed something (the offline library fetches details then). The
 * signal aborts when that sync stops (sign-out). Sync knows nothing of what
 * the hooks do: features register them. Returns unregister().
 */
export function afterSyncPull(hook: (signal: AbortSignal) => void): () => void {
  pulledHooks.add(hook)
  return () => void pulledHooks.delete(hook)
}

/** Stops every sync this page started (sign-out: nothing more is sent or pulled for that user). */
export function stopSync(): void {
  for (const stop of [...running]) stop()
}

/**
 * Keeps the signed-in user's device in step with the server while mounted:
 * edits are sent as soon as they can be, and the server's changes are
 * pulled on start, when the network returns and when a live event says
 * something changed. Returns stop().
 */
export function startSync(o: StartSyncOptions): () => void {
  const sync = o.sync ?? getSync()
  const timers = o.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (id) => globalThis.clearTimeout(id as number),
  }
  const events = o.events ?? globalThis.window
  const sw = o.serviceWorker === undefined ? (globalThis.navigator?.serviceWorker ?? null) : o.serviceWorker
  const isOnline = o.isOnline ?? (() => globalThis.navigator?.onLine !== false)
  let stopped = false
  let retryTimer: unknown = null
  const stopping = new AbortController()
  let pulledOnce = false

  // After stop (sign-out clears the database) work still under way may fail: that is expected.
  const warn = (what: string) => (error: unknown) => void (stopped || console.warn(`sync: ${what} failed`, error))

  // A call that got no answer (a reply cut short, a server restarting) while the live socket stayed
  // up would wait for the next event: so a pull is tried again on a backoff of its own, after a
  // failed pull or a push that got no answer (the pull is the cheap probe). The first pull answered
  // after that sends what waits on a backoff at once: the outbox's own backoff may be minutes long
  // by then, grown by reconnections that each found the replies cut.
  let unanswered = 0
  let probeTimer: unknown = null
  const noAnswer = () => {
    unanswered++
    if (stopped || probeTimer !== null || !isOnline()) return // offline: the 'online' event pulls
    const delay = backoffDelay(unanswered - 1, PULL_RETRY_BACKOFF, sync.deps.random)
    probeTimer = timers.setTimeout(() => {
      probeTimer = null
      void pull()
    }, delay)
  }
  const pull = () =>
    sync.pullChanges().then(afterPull, (error: unknown) => {
      warn('pull')(error)
      noAnswer()
    })
  const afterPull = (result: PullResult) => {
    if (unanswered > 0 && !stopped) {
      unanswered = 0
      void flush({ ignoreBackoff: true })
    }
    if (stopped || (pulledOnce && result.changes === 0)) return
    pulledOnce = true
    for (const hook of [...pulledHooks]) hook(stopping.signal)
  }
  const flush = async (options?: FlushOptions) => {
    const result = await sync.flush(options).catch(warn('flush'))
    if (!result || stopped) return
    if (result.unanswered) noAnswer()
    // A backed-off edit is sent when its time comes, not only at the next event.
    if (retryTimer !== null) timers.clearTimeout(retryTimer)
    retryTimer =
      result.retryAt === null
        ? null
        : timers.setTimeout(() => void flush(), Math.max(0, result.retryAt - sync.deps.now()))
    for (const row of result.applied) {
      if (row.kind === 'question') void invalidateChat(o.queryClient, row.entityId)
    }
  }

  const onLiveEvent = (event: LiveEvent, heard: Heard) => {
    // The tabs share one database: the socket's tab pulls and sends for all of
    // them, and the others' lists follow the database. A second pull per tab
    // would only find nothing new, after queueing behind the first.
    // Bursts coalesce: pullChanges runs one pull and queues at most one more.
    if (!heard.relayed) {
      void pull()
      void flush()
    }
    // What each tab shows from the network (an open detail, a chat) is its own to refetch.
    void refreshQueries(o.queryClient, event)
  }
  const onOnline = () => void flush({ ignoreBackoff: true }).then(pull)
  const onWorkerMessage = (ev: Event) => {
    if ((ev as MessageEvent<{ type?: unknown } | null>).data?.type === FLUSH_MESSAGE)
      void flush({ ignoreBackoff: true })
  }
  const unsubscribe = sync.onQueued(() => {
    if (isOnline()) void flush()
    else void registerBackgroundSync(sw)
  })

  events?.addEventListener('online', onOnline)
  sw?.addEventListener('message', onWorkerMessage)
  // A working socket (or a fresh start) means the server may well be back:
  // what waits on a backoff is sent now, not minutes later. Held edits still wait.
  const live = (o.live ?? startLive)({
    onEvent: onLiveEvent,
    onConnected: () => void pull().then(() => flush({ ignoreBackoff: true })),
  })
  void flush({ ignoreBackoff: true }).then(pull)

  const stop = () => {
    if (stopped) return
    stopped = true
    stopping.abort()
    running.delete(stop)
    events?.removeEventListener('online', onOnline)
    sw?.removeEventListener('message', onWorkerMessage)
    unsubscribe()
    live.stop()
    if (retryTimer !== null) timers.clearTimeout(retryTimer)
    if (probeTimer !== null) timers.clearTimeout(probeTimer)
  }
  running.add(stop)
  return stop
}

/**
 * Screens that read the network (the detail, chat, the filtered list and
 * search, which a star or an archive changes) refetch; the list reads
 * IndexedDB, which the pull updates. A refetched detail lays the queued
 * edits over itself as it is written (writeServerDetail).
 */
async function refreshQueries(queryClient: QueryClient, event: LiveEvent): Promise<void> {
  const id = event.recordingId
  if (!id) return
  if (event.type === 'chat.message') return invalidateChat(queryClient, id)
  if (!RECORDING_EVENTS.has(event.type)) return
  // A burst for one recording reuses the refetch under way instead of restarting it;
  // a delete does not, since a fetch sent before it would answer with the recording.
  const cancelRefetch = event.type === 'recording.deleted'
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recordingKeys.detail(id) }, { cancelRefetch }),
    queryClient.invalidateQueries({ queryKey: recordingKeys.filtered() }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: recordingKeys.searches() }, { cancelRefetch: false }),
  ])
}

function invalidateChat(queryClient: QueryClient, recordingId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatKeys.recording(recordingId) }, { cancelRefetch: false })
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/**
 * Asks the service worker to flush when the network returns, even if the
 * app is closed by then (Background Sync, where the browser has it). Any
 * failure is ignored: the app flushes on its own next start or 'online'.
 */
export async function registerBackgroundSync(
  container: WorkerContainer | null | undefined = globalThis.navigator?.serviceWorker,
): Promise<boolean> {
  try {
    const registration = (await container?.getRegistration()) as SyncRegistration | undefined
    if (!registration?.sync) return false
    await registration.sync.register(BACKGROUND_SYNC_TAG)
    return true
  } catch {
    return false
  }
}
