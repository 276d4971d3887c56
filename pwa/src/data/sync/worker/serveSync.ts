import type { PocketDB } from '../../db'
import { syncClient, syncTransport, type SessionLike } from '../client'
import type { SyncCalls } from '../deps'
import { pullOnce } from '../pull'
import { describeError, type Endpoint, type FromWorker, type ToWorker } from './protocol'

export interface ServeOptions {
  db: PocketDB
  /** The server the pulls go to; made with the session the page lends (tests hand a fake server's). */
  client?: (session: SessionLike) => SyncCalls
  origin?: string
}

/**
 * The sync worker's side: answers each 'pull' by pulling into the database,
 * with the token the page sent; a refusal of it asks the page for a fresh
 * one (withAuthRetry, as on the page). Pulls are run one at a time by the
 * page (its single-flight and the browser-wide pull lock), so this keeps no
 * lock of its own.
 */
export function serveSync(port: Endpoint<ToWorker, FromWorker>, o: ServeOptions): void {
  let token: string | null = null
  let nextRefresh = 0
  const refreshing = new Map<number, (fresh: string | null) => void>()
  const session: SessionLike = {
    getIdToken: () => token,
    refreshAfterUnauthorized: () =>
      new Promise<boolean>((resolve) => {
        const id = nextRefresh++
        refreshing.set(id, (fresh) => {
          if (fresh !== null) token = fresh
          resolve(fresh !== null)
        })
        port.postMessage({ type: 'refresh', id })
      }),
  }
  const client = (o.client ?? ((s) => syncClient(syncTransport(s, o.origin))))(session)
  const deps = {
    db: o.db,
    client,
    session,
    // pullOnce reads none of these; a pull is never locked here (see above).
    now: () => Date.now(),
    random: Math.random,
    uuid: () => crypto.randomUUID(),
    lock: <T>(_name: string, fn: () => Promise<T>) => fn(),
  }

  port.addEventListener('message', ({ data: msg }) => {
    if (msg.type === 'token') {
      refreshing.get(msg.id)?.(msg.token)
      refreshing.delete(msg.id)
      return
    }
    token = msg.token
    pullOnce(deps).then(
      (result) => port.postMessage({ type: 'pulled', id: msg.id, result }),
      (error: unknown) => port.postMessage({ type: 'failed', id: msg.id, error: describeError(error) }),
    )
  })
  port.postMessage({ type: 'ready' })
}
