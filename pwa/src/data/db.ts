import Dexie, { type EntityTable } from 'dexie'
import type { Recording } from './types'

/** A dashboard row as kept on the device, with the key the list sorts by. */
export interface StoredRecording {
  id: string
  /**
   * recordingAt, else updatedAt, else createdAt (ISO): newest first in lists.
   * Sync leaves it out on rows the list must not show (empty recordings):
   * IndexedDB does not index a missing key, so orderBy('sortKey') skips them.
   */
  sortKey: string
  data: Recording
  /** From sync (version 2): the change log position of this state. */
  version?: number
  /** From sync: the folder it is filed in ('' for General), kept apart from data.folder, which is for display. */
  folderId?: string
  /** From sync: nothing to show or search, hidden from the list. */
  empty?: boolean
  /** From sync: the speakers member as stored (JSON text); '' when none. */
  speakersJson?: string
}

/** A detail response (spec §3, "recording detail response"), kept whole. */
export interface StoredDetail {
  id: string
  fetchedAt: number
  data: unknown
  /** When the user opened it on this device: kept whatever the offline budget (epoch ms). */
  openedAt?: number
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

export type OutboxKind = 'recording' | 'folder' | 'question' | 'highlight' | 'template'

/**
 * A sync mutation the user made, kept until the server has answered it
 * (version 2; the version 1 shape was never written).
 */
export interface OutboxEntry {
  seq?: number
  /** The mutation's idempotency key (a UUID), made when the edit was made. */
  key: string
  createdAt: number
  kind: OutboxKind
  /** The recording or folder it changes (a question's recording). */
  entityId: string
  /** pocket.sync.v1.Mutation as proto3 JSON (data/sync/mutation.ts), key included. */
  mutation: unknown
  /** pending: to send; failed: refused for good, shown until retried or discarded. */
  status: 'pending' | 'failed'
  attempts: number
  /** Epoch ms before which it is not sent again (backoff after a transient failure). */
  nextAttemptAt: number
  error?: { code: string; message: string }
}

export interface StoredFolder {
  id: string
  name: string
  /** '' for a top-level folder. */
  parentId: string
  createdAtMs: number
  version?: number
  /** The summary template its new recordings are summarised with (GET /api/v1/templates); absent: the default summary. */
  templateId?: string
}

/**
 * A marked passage of a recording's transcript (ADR 15), as the device shows
 * it: the server's copy with queued edits laid over (version 4).
 */
export interface StoredHighlight {
  id: string
  recordingId: string
  /** Seconds on the recording's timeline. */
  start: number
  end: number
  /** The transcript's words in the range, quoted when the highlight was made. */
  text: string
  note: string
  /** Display names of the speakers heard in the range, in order. */
  speakers: string[]
  createdAtMs: number
  updatedAtMs: number
  version?: number
}

/**
 * One of the user's own summary templates (ADR 25), as the device shows it:
 * the server's copy with queued edits laid over (version 5). The built-ins
 * are not kept here (every user has them: data/templates).
 */
export interface StoredTemplate {
  id: string
  name: string
  sections: { heading: string; instruction: string }[]
  createdAtMs: number
  updatedAtMs: number
  version?: number
}

/**
 * The server's copy of an entity while local edits are laid over it: the
 * recordings/folders/details rows show server copy + outbox, and this is
 * what discarding an edit goes back to. Key: 'recording:<id>', 'folder:<id>', 'highlight:<id>' or 'template:<id>'.
 */
export interface StoredSyncBase {
  key: string
  /** null: the server has no such entity (created here, or deleted there). */
  recording?: StoredRecording | null
  folder?: StoredFolder | null
  highlight?: StoredHighlight | null
  template?: StoredTemplate | null
  /** The cached detail's fields sync edits (speakers, and the recording's edited members by name), and the detail's fetchedAt when they were read. */
  detail?: { speakers: unknown; fetchedAt: number; [member: string]: unknown }
}

/** Meta key of the sync cursor: where the next Pull starts (stored with the page it came with). */
export const SYNC_CURSOR_KEY = 'sync.cursor'

/**
 * Meta key of whose data the tables hold (a uid). Outlives the profile (a
 * lapsed session forgets the profile but keeps the cache for the same user's
 * next sign-in), so a different account signing in is still caught.
 */
export const DATA_OWNER_KEY = 'data.owner'

export interface MetaEntry {
  key: string
  value: unknown
}

/**
 * The one IndexedDB database. Versions are append-only: never edit a shipped
 * version() block, add the next one with an upgrade if data must move.
 */
export class PocketDB extends Dexie {
  recordings!: EntityTable<StoredRecording, 'id'>
  details!: EntityTable<StoredDetail, 'id'>
  chatSessions!: EntityTable<StoredChatSession, 'id'>
  chatMessages!: EntityTable<StoredChatMessage, 'id'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  meta!: EntityTable<MetaEntry, 'key'>
  folders!: EntityTable<StoredFolder, 'id'>
  syncBase!: EntityTable<StoredSyncBase, 'key'>
  highlights!: EntityTable<StoredHighlight, 'id'>
  templates!: EntityTable<StoredTemplate, 'id'>

  constructor(name = 'pocket') {
    // No query cache: Dexie's keeps a clone of every live read's answer and
    // replays each write of a transaction over them. Screens re-read after a
    // commit all the same, and a first sync's parts landed about a sixth
    // faster without it (bench-pull-page.mjs, docs/benchmarks.md).
    super(name, { cache: 'disabled' })
    this.version(1).stores({
      recordings: 'id, sortKey',
      details: 'id',
      chatSessions: 'id, recordingId',
      chatMessages: 'id, sessionId, [sessionId+createdAt]',
      outbox: '++seq, createdAt',
      meta: 'key',
    })
    // Incremental sync: folders, the server copies edits are laid over, and
    // the outbox reshaped for sync mutations (seq order is the primary key;
    // status and entityId find what to send and what an entity waits on).
    this.version(2)
      .stores({
        recordings: 'id, sortKey, folderId',
        folders: 'id, parentId',
        outbox: '++seq, status, entityId',
        syncBase: 'key',
      })
      // Nothing ever wrote the version 1 outbox; clear it all the same, its
      // rows would not parse as mutations.
      .upgrade((tx) => tx.table('outbox').clear())
    // When each kept recording was last opened here, in order: a full disk
    // gives back the space of those opened longest ago first (offline/evictLru).
    this.version(3).stores({ details: 'id, openedAt' })
    // Highlights (ADR 15): a recording's, and the library's newest first.
    this.version(4).stores({ highlights: 'id, recordingId, createdAtMs' })
    // The user's own summary templates (ADR 25): their ids sort in the order they were made.
    this.version(5).stores({ templates: 'id' })
    // Each folder's shown recordings counted by the index alone (folders/members.ts): a row
    // without a sortKey (hidden: archived, empty) or a folderId is not in it.
    this.version(6).stores({ recordings: 'id, sortKey, folderId, [folderId+sortKey]' })
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
