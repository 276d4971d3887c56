import type { OutboxEntry } from '../db'
import { withRoom } from '../offline/room'
import type { SyncDeps } from './deps'
import {
  makeMutation,
  mutationToJson,
  readMutation,
  targetOf,
  type MutationInit,
  type MutationTarget,
} from './mutation'
import { recompose, syncTables } from './rebase'

import type { OutboxRow } from './outboxReads'

export { listOutbox, pendingFor, waitingEntityIds, type OutboxRow } from './outboxReads'

export interface EnqueueOptions {
  /**
   * Not sent before this many ms from now: a grace period in which the
   * user may still take the edit back (discard), e.g. a delete with Undo.
   * Unlike a backoff it is kept even when the network returns (the edit
   * was never attempted), and a crash meanwhile keeps the edit queued.
   */
  holdMs?: number
}

/**
 * Queues an edit: the change shows on the device and its outbox row is
 * written in one transaction, so a reload never shows one without the
 * other. The target defaults to what the mutation names.
 */
export async function enqueue(
  deps: SyncDeps,
  init: MutationInit,
  target?: MutationTarget,
  options: EnqueueOptions = {},
): Promise<OutboxRow> {
  const key = deps.uuid()
  const mutation = makeMutation(init, key)
  const { kind, entityId } = target ?? targetOf(mutation)
  const entry: OutboxEntry = {
    key,
    createdAt: deps.now(),
    kind,
    entityId,
    mutation: mutationToJson(mutation),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: options.holdMs ? deps.now() + options.holdMs : 0,
  }
  const { db } = deps
  // The user's edit is kept whatever it takes: a full disk removes recordings kept offline to make room for it.
  const write = () =>
    db.transaction('rw', syncTables(db), async () => {
      // A copy: a try that failed must not leave its seq on the entry for the next.
      const seq = await db.outbox.add({ ...entry })
      await recompose(db, { kind, entityId })
      return seq as number
    })
  const seq = await withRoom(write, { keep: [entityId], db })
  return { ...entry, seq }
}

/**
 * A refused edit goes back in the queue at the user's request, under a new
 * key: the server answers a key it refused with the same refusal, and a
 * refused edit was never applied, so a new key cannot apply it twice.
 */
export async function retryFailed(deps: SyncDeps, seq: number): Promise<void> {
  const { db } = deps
  await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq)
    const mutation = row && readMutation(row)
    if (!row || row.status !== 'failed' || !mutation) return
    const key = deps.uuid()
    mutation.idempotencyKey = key
    await db.outbox.put({
      ...row,
      key,
      mutation: mutationToJson(mutation),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      error: undefined,
    })
  })
}

/**
 * Drops an edit and shows the entity as the server has it, with any other
 * queued edits laid over: the server copy kept apart since the first edit
 * is what remains, so nothing of the dropped edit stays (nor is a network
 * needed for it).
 */
export function discard(deps: SyncDeps, seq: number): Promise<OutboxRow | null> {
  return dropIf(deps, seq, () => true)
}

/**
 * An Undo: drops an edit only while its hold lasts, when no tab may send
 * it yet; null when too late (sent, being sent, or free to be sent: it then
 * goes to the server as queued). The clock is read after the row, so it is
 * read after any flusher's read of the queue that came first; a flusher
 * reads its clock before the queue (flushOnce), so it sent the row only if
 * the hold had ended by then, and then it has ended here too.
 */
export function undoHeld(deps: SyncDeps, seq: number): Promise<OutboxRow | null> {
  return dropIf(deps, seq, (row) => heldAt(row, deps.now()))
}

/**
 * Held by the user (enqueue's holdMs: an Undo window) at `now`, not backing
 * off: it was never attempted, and no tab may send it before nextAttemptAt.
 */
export function heldAt(row: Pick<OutboxEntry, 'attempts' | 'nextAttemptAt'>, now: number): boolean {
  return row.attempts === 0 && row.nextAttemptAt > now
}

async function dropIf(deps: SyncDeps, seq: number, may: (row: OutboxEntry) => boolean): Promise<OutboxRow | null> {
  const { db } = deps
  return db.transaction('rw', syncTables(db), async () => {
    const row = await db.outbox.get(seq)
    if (!row || !may(row)) return null
    await db.outbox.delete(seq)
    await recompose(db, row)
    return row as OutboxRow
  })
}
