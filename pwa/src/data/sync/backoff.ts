export interface BackoffPolicy {
  baseMs: number
  capMs: number
}

/** Outbox retries: 1 s, doubling, at most 5 minutes apart. */
export const OUTBOX_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 5 * 60 * 1000 }

/** Pulls again after one that got no answer: 1 s, doubling, at most 30 s apart. */
export const PULL_RETRY_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 30 * 1000 }

/** Live socket reconnects: 0.5 s, doubling, at most 30 s apart. */
export const LIVE_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30 * 1000 }

/**
 * Capped exponential backoff with full jitter: a random wait up to
 * base·2^attempt (capped). The randomness spreads the devices that lost the
 * server at the same moment, so they do not all come back at once.
 * `attempt` counts from 0; `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30))
  return Math.floor(random() * ceiling)
}
