import type { APIResponse, BrowserContext } from '@playwright/test'
import { stack } from './env'

/**
 * The balancer of e2e/run.sh --replicas (tools/balancer) sends each request
 * to the next replica in turn, unless the browser carries this cookie: then
 * every request of it, the live socket's upgrade and the service worker's
 * fetches included, goes to the replica it names (0 or 1).
 */
const PIN_COOKIE = 'pocket_replica'

/** The header the balancer sets on every answer: the index of the replica that gave it. */
export const REPLICA_HEADER = 'x-pocket-replica'

export type Replica = 0 | 1

/** From now on, the context talks to this replica alone. */
export async function pinToReplica(context: BrowserContext, replica: Replica): Promise<void> {
  await context.addCookies([{ name: PIN_COOKIE, value: String(replica), url: stack.pocketURL }])
}

/** Back to round robin. */
export async function unpin(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: PIN_COOKIE })
}

/** Which replica gave this answer. */
export function servedBy(response: APIResponse | { headers(): Record<string, string> }): string | undefined {
  return response.headers()[REPLICA_HEADER]
}
