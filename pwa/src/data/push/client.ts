import { createClient, type Client } from '@connectrpc/connect'
import { PushService } from '@/gen/pocket/push/v1/push_pb'
import { session } from '../session'
import { syncTransport, withAuthRetry } from '../sync/client'

export type PushClient = Client<typeof PushService>

/**
 * PushService on the app's own origin, over the same transport as sync (the
 * session's bearer token read at call time, the same call timeout).
 */
export function pushClient(): PushClient {
  return createClient(PushService, syncTransport(session))
}

/** Runs a PushService call, once more after a token refresh if the server says Unauthenticated. */
export function withPushAuth<T>(call: () => Promise<T>): Promise<T> {
  return withAuthRetry(session, call)
}
