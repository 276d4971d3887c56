import type { OutboxEntry, PocketDB } from '../db'

// The outbox as screens read it (live, through useDeviceQuery): no Dexie or
// sync engine here, so a screen showing what waits does not load them.

/** An outbox row as the UI lists it: it has been stored, so it has its seq. */
export type OutboxRow = OutboxEntry & { seq: number }

/** Every queued edit (pending and failed), oldest first; liveQuery-able. */
export async function listOutbox(db: PocketDB): Promise<OutboxRow[]> {
  return (await db.outbox.orderBy('seq').toArray()) as OutboxRow[]
}

/** The edits one recording (its questions included) or folder waits on, oldest first; liveQuery-able. */
export async function pendingFor(db: PocketDB, entityId: string): Promise<OutboxRow[]> {
  const rows = (await db.outbox.where('entityId').equals(entityId).toArray()) as OutboxRow[]
  return rows.sort((a, b) => a.seq - b.seq)
}

/** The ids of every recording and folder with an edit waiting (pending or failed); one index read, liveQuery-able. */
export async function waitingEntityIds(db: PocketDB): Promise<Set<string>> {
  return new Set((await db.outbox.orderBy('entityId').uniqueKeys()) as string[])
}
