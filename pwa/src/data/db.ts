import Dexie, { type EntityTable } from 'dexie'
import type { Recording } from './types'

/** A dashboard row as kept on the device, with the key the list sorts by. */
export interface StoredRecording {
  id: string
  /** recordingAt, else updatedAt, else createdAt (ISO): newest first in lists. */
  sortKey: string
  data: Recording
}

/** A detail response (spec §3, "recording detail response"), kept whole. */
export interface StoredDetail {
  id: string
  fetchedAt: number
  data: unknown
}

interface StoredChatSession {
  id: string
  recordingId: string
  data: unknown
}

interface StoredChatMessage {
  id: string
  sessionId: string
  createdAt: string
  data: unknown
}

/** A mutation made offline, replayed once when the network returns. */
interface OutboxEntry {
  seq?: number
  createdAt: number
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  attempts: number
}

interface MetaEntry {
  key: string
  value: unknown
}

/**
 * The one IndexedDB database. Versions are append-only: never edit a shipped
 * version() block, add the next one with an upgrade if data must move.
 */
class PocketDB extends Dexie {
  recordings!: EntityTable<StoredRecording, 'id'>
  details!: EntityTable<StoredDetail, 'id'>
  chatSessions!: EntityTable<StoredChatSession, 'id'>
  chatMessages!: EntityTable<StoredChatMessage, 'id'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  meta!: EntityTable<MetaEntry, 'key'>

  constructor(name = 'pocket') {
    super(name)
    this.version(1).stores({
      recordings: 'id, sortKey',
      details: 'id',
      chatSessions: 'id, recordingId',
      chatMessages: 'id, sessionId, [sessionId+createdAt]',
      outbox: '++seq, createdAt',
      meta: 'key',
    })
  }

  /**
   * Removes everything the signed-in user left on the device (logout, or a
   * different account signing in). One device holds one user's data at a time.
   */
  async clearUserData(): Promise<void> {
    await this.transaction('rw', this.tables, async () => {
      await Promise.all(this.tables.map((table) => table.clear()))
    })
  }
}

export const db = new PocketDB()
