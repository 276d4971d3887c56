import { Outcome, type MutationResult } from '@/gen/pocket/sync/v1/sync_pb'
import { backoffDelay, OUTBOX_BACKOFF } from './backoff'
import { isUnauthenticated, withAuthRetry } from './client'
import type { SyncDeps } from './deps'
import { readMutation } from './mutation'
import { heldAt, type OutboxRow } from './outbox'
import { applyServerChange } from './applyServer'
import { recompose, syncTables } from './rebase'

/** The server's limit of mutations per Push. */
export const PUSH_BATCH = 100
/**
 * Edits per Push are also bounded by size: the server reads at most 4 MiB
 * of one request, and a hundred notes of 64 KiB each would pass it. The
 * outbox's JSON is larger than protobuf's wire form, so 1 MiB of it is safe.
 */
export const PUSH_BATCH_CHARS = 1 << 20

export interface FlushResult {
  applied: OutboxRow[]
  rejected: OutboxRow[]
  /** When the first waiting edit may be sent again (epoch ms); null when none waits on a backoff. */
  retryAt: number | null
  /** The server refused the session even after a token refresh: nothing more until the user signs in again. */
  unauthenticated: boolean
  /** The push got no answer (offline, a reply cut short, 5xx): the server may be unreachable. */
  unanswered: boolean
}

export interface FlushOptions {
  /** Send now even if the first edit is backing off (the network just came back). */
  ignoreBackoff?: boolean
}

/**
 * Sends pending edits in the order they were made, in batches. The server
 * applies each at most once per key, so a batch resent after a lost answer
 * is harmless. It stops at the first edit that must wait (RETRY, or no
 * answer): later edits wait behind it, as the server would not apply them
 * either, and the user's order is kept.
 */
export async function flushOnce(deps: SyncDeps, options: FlushOptions = {}): Promise<FlushResult> {
  const result: FlushResult = { applied: [], rejected: [], retryAt: null, unauthenticated: false, unanswered: false }
  let ignoreBackoff = options.ignoreBackoff ?? false
  for (;;) {
    // The clock before the queue: an Undo (undoHeld) reading its clock later than this read finds the hold over.
    const now = deps.now()
    const pending = (await deps.db.outbox.where('status').equals('pending').limit(PUSH_BATCH).toArray()) as OutboxRow[]
    const head = pending[0]
    if (!head) return result
    if (await setAsideUnreadable(deps, pending)) continue
    // A held edit is never sent early (that would take its Undo away), not even when the network returns.
    if (head.nextAttemptAt > now && (!ignoreBackoff || heldAt(head, now)))
      return { ...result, retryAt: head.nextAttemptAt }
    ignoreBackoff = false
    const batch = withinSize(beforeHeld(pending, now))
    let results: MutationResult[]
    try {
      const res = await withAuthRetry(deps.session, () =>
        deps.client.push({ mutations: batch.map((row) => readMutation(row)!) }),
      )
      results = res.results
    } catch (error) {
      if (isUnauthenticated(error)) return { ...result, unauthenticated: true }
      // Offline, 5xx, Unavailable: the same batch is worth sending later.
      return { ...result, retryAt: await backOff(deps, head), unanswered: true }
    }
    // One transaction for the batch's answers: far fewer commits than one per edit.
    const retryAt = await deps.db.transaction('rw', syncTables(deps.db), async () => {
      for (const [i, row] of batch.entries()) {
        const r = results[i]
        const outcome = r?.idempotencyKey === row.key ? r.outcome : Outcome.UNSPECIFIED
        if (outcome === Outcome.APPLIED) result.applied.push(row)
        else if (outcome === Outcome.REJECTED) result.rejected.push({ ...row, status: 'failed' })
        else return backOff(deps, row)
        await settle(deps, row, r!, outcome === Outcome.APPLIED ? 'applied' : 'rejected')
      }
      return null
    })
    if (retryAt !== null) return { ...result, retryAt }
  }
}

/**
 * Records the answer and converges on the server's copy it carries: an
 * applied edit leaves the outbox, a refused one stays (failed, shown to the
 * user, not sent again); in both cases the entity's other queued edits are
 * laid over `current` again.
 */
async function settle(deps: SyncDeps, row: OutboxRow, r: MutationResult, how: 'applied' | 'rejected'): Promise<void> {
  const { db } = deps
  if (how === 'applied') await db.outbox.delete(row.seq)
  else {
    const error = { code: r.errorCode || 'REJECTED', message: r.errorMessage || 'The server refused this change' }
    await db.outbox.update(row.seq, { status: 'failed', error })
  }
  if (r.current) await applyServerChange(db, r.current)
  // Also when `current` is another entity (a created folder merged into one of the same name).
  await recompose(db, row)
}

/**
 * The batch ends before the first held edit behind the head: that one and
 * every edit after it wait (the user's order is kept); the next round
 * starts at it and waits for its time.
 */
function beforeHeld(pending: OutboxRow[], now: number): OutboxRow[] {
  const held = pending.findIndex((row, i) => i > 0 && heldAt(row, now))
  return held < 0 ? pending : pending.slice(0, held)
}

/** The first edits of the batch that fit PUSH_BATCH_CHARS; the head always goes, whatever its size. */
function withinSize(batch: OutboxRow[]): OutboxRow[] {
  let chars = 0
  const over = batch.findIndex((row, i) => {
    chars += JSON.stringify(row.mutation).length
    return i > 0 && chars > PUSH_BATCH_CHARS
  })
  return over < 0 ? batch : batch.slice(0, over)
}

/** One more failed attempt: the next waits longer (capped, jittered). */
async function backOff(deps: SyncDeps, row: OutboxRow): Promise<number> {
  const nextAttemptAt = deps.now() + backoffDelay(row.attempts, OUTBOX_BACKOFF, deps.random)
  await deps.db.outbox.update(row.seq, { attempts: row.attempts + 1, nextAttemptAt })
  return nextAttemptAt
}

/** A row whose mutation cannot be read would block every edit behind it: it is shown as failed instead. */
async function setAsideUnreadable(deps: SyncDeps, batch: OutboxRow[]): Promise<boolean> {
  const unreadable = batch.filter((row) => readMutation(row) === null)
  const error = { code: 'UNREADABLE', message: 'This change could not be read and was not sent' }
  for (const row of unreadable) await deps.db.outbox.update(row.seq, { status: 'failed', error })
  return unreadable.length > 0
}
