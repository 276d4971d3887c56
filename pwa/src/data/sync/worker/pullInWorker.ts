import type { SessionLike } from '../client'
import type { PullResult } from '../pullResult'
import { SyncWorkerError, type Endpoint, type FromWorker, type ToWorker } from './protocol'

/** A started worker, as the page sees it. */
export type WorkerLike = Endpoint<FromWorker, ToWorker> & {
  addEventListener(type: 'error', listener: (ev: Event) => void): void
  terminate(): void
}

/** The app's sync worker, in a chunk of its own (Vite bundles what the URL names as a module worker). */
export function startSyncWorker(): WorkerLike {
  return new Worker(new URL('./syncWorker.ts', import.meta.url), { type: 'module', name: 'pocket-sync' })
}

interface Waiting {
  resolve(result: PullResult): void
  reject(error: unknown): void
  /** The pull on the page instead, for a worker that never started. */
  fallback(): void
}

/**
 * Pulls in the sync worker: one worker per page, started on the first pull
 * and kept. A worker that cannot start (no Worker where the page runs, its
 * chunk refused, an error before it said 'ready') leaves the pulls to the
 * page (`onPage`) from then on. A worker that fails later fails the pull
 * under way, and the next pull starts a new one.
 */
export function pullInWorker(
  session: SessionLike,
  onPage: () => Promise<PullResult>,
  start: () => WorkerLike = startSyncWorker,
): () => Promise<PullResult> {
  let worker: WorkerLike | null = null
  let ready = false
  let unavailable = false
  let nextId = 0
  const waiting = new Map<number, Waiting>()

  const failAll = (error: unknown) => {
    const all = [...waiting.values()]
    waiting.clear()
    for (const w of all) {
      if (ready) w.reject(error)
      else w.fallback()
    }
  }
  const onMessage = ({ data: msg }: MessageEvent<FromWorker>) => {
    if (msg.type === 'ready') ready = true
    else if (msg.type === 'refresh') void answerRefresh(msg.id)
    else {
      const w = waiting.get(msg.id)
      waiting.delete(msg.id)
      if (msg.type === 'pulled') w?.resolve(msg.result)
      else w?.reject(new SyncWorkerError(msg.error))
    }
  }
  const answerRefresh = async (id: number) => {
    const ok = await session.refreshAfterUnauthorized().catch(() => false)
    worker?.postMessage({ type: 'token', id, token: ok ? session.getIdToken() : null })
  }
  const onError = (ev: Event) => {
    ev.preventDefault?.() // reported here, as the pull's failure, not again as an uncaught error
    if (!ready) unavailable = true
    worker?.terminate()
    worker = null
    failAll(new Error('sync: the sync worker failed'))
    ready = false
  }
  const running = (): WorkerLike | null => {
    if (worker || unavailable) return worker
    try {
      worker = start() // throws where there is no Worker
    } catch {
      unavailable = true
      return null
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
    return worker
  }

  return () => {
    const w = running()
    if (!w) return onPage()
    const id = nextId++
    return new Promise<PullResult>((resolve, reject) => {
      waiting.set(id, { resolve, reject, fallback: () => void onPage().then(resolve, reject) })
      w.postMessage({ type: 'pull', id, token: session.getIdToken() })
    })
  }
}
