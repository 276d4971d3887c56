import { useDeviceQuery } from '../device/useDeviceQuery'
import { listOutbox, pendingFor, waitingEntityIds, type OutboxRow } from './outboxReads'

/** The queued edits of one recording or folder (pending and failed), kept current; undefined while loading. */
export function useOutboxFor(entityId: string): OutboxRow[] | undefined {
  return useDeviceQuery((db) => pendingFor(db, entityId), [entityId])
}

/** Every queued edit, oldest first, kept current; undefined while loading. */
export function useOutbox(): OutboxRow[] | undefined {
  return useDeviceQuery(listOutbox, [])
}

const NONE: ReadonlySet<string> = new Set()

/**
 * The ids of recordings (and folders) with edits waiting, kept current: one
 * live query for a whole list, however long, rather than one per row.
 */
export function useWaitingEntityIds(): ReadonlySet<string> {
  return useDeviceQuery(waitingEntityIds, []) ?? NONE
}
