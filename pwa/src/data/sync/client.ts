import { Code, ConnectError, createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-web'
import { SyncService } from '@/gen/pocket/sync/v1/sync_pb'

export type SyncClient = Client<typeof SyncService>

/** The part of the app's session sync needs (data/session.ts). */
export interface SessionLike {
  getIdToken(): string | null
  refreshAfterUnauthorized(): Promise<boolean>
}

/** Adds the session's ID token to every call, read at call time so a refreshed token is used at once. */
export function bearer(session: SessionLike): Interceptor {
  return (next) => (req) => {
    const token = session.getIdToken()
    if (token) req.header.set('Authorization', `Bearer ${token}`)
    return next(req)
  }
}

/**
 * SyncService on the app's own origin. Binary rather than JSON: a page holds
 * up to 500 recordings whose items are JSON text already, which the JSON
 * format would escape a second time, and 64-bit versions stay numbers
 * instead of strings. Nothing reads these bodies by eye. A call that hangs
 * (a half-open connection) gives up after 30 s, so it cannot hold the
 * single-flight pull or send, or a sign-out waiting for them, forever.
 */
const CALL_TIMEOUT_MS = 30_000

export function syncTransport(session: SessionLike, baseUrl = globalThis.location.origin): Transport {
  return createConnectTransport({
    baseUrl,
    useBinaryFormat: true,
    defaultTimeoutMs: CALL_TIMEOUT_MS,
    interceptors: [bearer(session)],
  })
}

export function syncClient(transport: Transport): SyncClient {
  return createClient(SyncService, transport)
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ConnectError && error.code === Code.Unauthenticated
}

/**
 * Runs the call, and once more after a refreshed token when the server says
 * Unauthenticated: a laptop waking after its token expired should sync, not
 * fail. A second refusal is thrown.
 */
export async function withAuthRetry<T>(session: SessionLike, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!isUnauthenticated(error) || !(await session.refreshAfterUnauthorized())) throw error
    return call()
  }
}
