import { useLiveQuery } from 'dexie-react-hooks'
import { listOutbox, pendingFor, waitingEntityIds, type OutboxRow } from './index'

/** The queued edits of one recording or folder (pending and failed), kept current; undefined while loading. */
export function useOutboxFor(entityId: string): OutboxRow[] | undefined {
  return useLiveQuery(() => pendingFor(entityId), [entityId])
}

/** Every queued edit, oldest first, kept current; undefined while loading. */
export function useOutbox(): OutboxRow[] | undefined {
  return useLiveQuery(listOutbox, [])
}

const NONE: ReadonlySet<string> = new Set()

/**
 * The ids of recordings (and folders) with edits waiting, kept current: one
 * live query for a whole list, however long, rather than one per row.
 */
export function useWaitingEntityIds(): ReadonlySet<string> {
  return useLiveQuery(waitingEntityIds, []) ?? NONE
}
