import { useSyncExternalStore } from 'react'
import type { PocketDB } from '@/data/db'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { recordingTitle } from '@/data/normalize/recording'
import { baseKey, readMutation, type QueuedMutation } from '@/data/sync/mutation'
import type { OutboxRow } from '@/data/sync/outboxReads'
import type { EditNames } from './describeEdit'

/**
 * An edit the server refused for good, as the problems list shows it: the
 * words for it are describeEdit's (mutation, names), loaded with the list or
 * the toast that shows them rather than with the shell.
 */
export interface SyncProblem {
  seq: number
  mutation: QueuedMutation | null
  names: EditNames
  message: string
}

export interface SyncState {
  /** Edits still to send. */
  pending: number
  /** The first edit to send already failed to reach the server (it is backing off). */
  stalled: boolean
  problems: SyncProblem[]
  /** False until the outbox has been read (everything above is empty until then). */
  loaded: boolean
}

const EMPTY: SyncState = { pending: 0, stalled: false, problems: [], loaded: false }
export const REFUSED_FALLBACK = 'The server refused this change.'

/** The outbox summed up for the shell, kept current (one live query). */
export function useSyncState(): SyncState {
  return useDeviceQuery(readSyncState, []) ?? EMPTY
}

export async function readSyncState(db: PocketDB): Promise<SyncState> {
  const rows = (await db.outbox.orderBy('seq').toArray()) as OutboxRow[]
  const pending = rows.filter((r) => r.status === 'pending')
  const failed = rows.filter((r) => r.status === 'failed')
  const names = failed.length > 0 ? await loadNames(db, failed) : null
  return {
    loaded: true,
    pending: pending.length,
    stalled: (pending[0]?.attempts ?? 0) > 0,
    problems: failed.map((row) => ({
      seq: row.seq,
      mutation: readMutation(row),
      names: names!,
      message: row.error?.message || REFUSED_FALLBACK,
    })),
  }
}

/**
 * The names the refused edits are described by: the server's (kept apart
 * while edits wait), so "Rename of “X”" names what the user renamed.
 */
async function loadNames(db: PocketDB, rows: OutboxRow[]): Promise<EditNames> {
  const ids = [...new Set(rows.map((r) => r.entityId))]
  const recordingKeys = ids.map((id) => baseKey('recording', id))
  const folderKeys = ids.map((id) => baseKey('folder', id))
  const [bases, folderBases, views, folders] = await Promise.all([
    db.syncBase.bulkGet(recordingKeys),
    db.syncBase.bulkGet(folderKeys),
    db.recordings.bulkGet(ids),
    db.folders.bulkGet(ids),
  ])
  const titles = new Map<string, string>()
  const folderNames = new Map<string, string>()
  ids.forEach((id, i) => {
    const data = bases[i]?.recording?.data ?? views[i]?.data
    if (data) titles.set(id, recordingTitle(data))
    const folder = folderBases[i]?.folder ?? folders[i]
    if (folder) folderNames.set(id, folder.name)
  })
  return {
    recordingTitle: (id) => titles.get(id) ?? recordingTitle({}),
    folderName: (id) => folderNames.get(id) ?? null,
  }
}

/** navigator.onLine, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  )
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}
