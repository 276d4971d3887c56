import { useLiveQuery } from 'dexie-react-hooks'
import { listOutbox, pendingFor, type OutboxRow } from './index'

/** The queued edits of one recording or folder (pending and failed), kept current; undefined while loading. */
export function useOutboxFor(entityId: string): OutboxRow[] | undefined {
  return useLiveQuery(() => pendingFor(entityId), [entityId])
}

/** Every queued edit, oldest first, kept current; undefined while loading. */
export function useOutbox(): OutboxRow[] | undefined {
  return useLiveQuery(listOutbox, [])
}
