import Dexie, { type Table } from 'dexie'
import type {
  OutboxEntry,
  PocketDB,
  StoredDetail,
  StoredFolder,
  StoredHighlight,
  StoredRecording,
  StoredSyncBase,
  StoredTemplate,
} from '../db'
import type { MutationTarget } from './mutation'

/**
 * Sync's tables as one rebase sees them, held in memory: rows are read in
 * bulk (bulkGet, anyOf) and written back in bulk when it is done. Applying
 * a page change by change, with an IndexedDB round trip per read and per
 * write, cost seconds for a 500-recording page; the rules themselves
 * (rebase.ts) are unchanged and run against this instead.
 *
 * Exact as long as nothing else writes the tables while a stage lives: it
 * is made, used and flushed inside one call that runs in a transaction over
 * syncTables(db), and the outbox is only read here.
 */
export class Stage {
  readonly recordings: StagedTable<StoredRecording>
  readonly details: StagedTable<StoredDetail>
  readonly folders: StagedTable<StoredFolder>
  readonly syncBase: StagedTable<StoredSyncBase>
  readonly highlights: StagedTable<StoredHighlight>
  readonly templates: StagedTable<StoredTemplate>
  /** The outbox rows of an entity id, as read (any kind, in key order). */
  private readonly outbox = new Map<string, OutboxEntry[]>()
  /** The ids of the recordings filed in a folder, as the database held them when read. */
  private readonly filedInDb = new Map<string, string[]>()

  /** When the rules last got a task of their own (breathe). */
  private taskStart = performance.now()
  private readonly outboxTable: PocketDB['outbox']
  private readonly recordingsTable: PocketDB['recordings']
  private readonly highlightsTable: PocketDB['highlights']

  constructor(db: PocketDB) {
    // Bound to the transaction it is made in: between its reads the rules
    // await only the stage's own (settled) promises, and after enough of
    // those Dexie no longer knows which transaction a call belongs to (it
    // would run in a transaction of its own while this one commits).
    // (settled() keeps Dexie's track for the callers after the stage is done.)
    const tx = Dexie.currentTransaction
    const bound = <T extends Table>(t: T): T => (tx ? (tx.table(t.name) as T) : t)
    this.outboxTable = bound(db.outbox)
    this.recordingsTable = bound(db.recordings)
    this.recordings = new StagedTable<StoredRecording>(this.recordingsTable, (r) => r.id)
    this.details = new StagedTable<StoredDetail>(bound(db.details), (d) => d.id)
    this.folders = new StagedTable<StoredFolder>(bound(db.folders), (f) => f.id)
    this.syncBase = new StagedTable<StoredSyncBase>(bound(db.syncBase), (b) => b.key)
    this.highlightsTable = bound(db.highlights)
    this.highlights = new StagedTable<StoredHighlight>(this.highlightsTable, (h) => h.id)
    this.templates = new StagedTable<StoredTemplate>(bound(db.templates), (t) => t.id)
  }

  /** The edits an entity waits on (pending and failed), oldest first. */
  async edits(kind: MutationTarget['kind'], id: string): Promise<OutboxEntry[]> {
    await this.loadOutbox([id])
    return ofKind(this.outbox.get(id)!, kind)
  }

  async loadOutbox(ids: string[]): Promise<void> {
    const missing = unread(ids, this.outbox)
    if (missing.length === 0) return settled(undefined)
    const rows = await this.outboxTable.where('entityId').anyOf(missing).toArray()
    for (const id of missing)
      if (!this.outbox.has(id))
        this.outbox.set(
          id,
          rows.filter((r) => r.entityId === id),
        )
  }

  /** The ids of the recordings filed in a folder now: the database's, as this stage has changed them. */
  async filedIn(folderId: string): Promise<string[]> {
    await this.loadFiled([folderId])
    const ids = new Set(this.filedInDb.get(folderId)!.filter((id) => !this.recordings.wrote(id)))
    for (const [id, row] of this.recordings.written()) if (row?.folderId === folderId) ids.add(id)
    return [...ids].sort()
  }

  /** Reads the rows filed in these folders (the rows, not only their keys: recomposing them reads them). */
  async loadFiled(folderIds: string[]): Promise<string[]> {
    const missing = unread(folderIds, this.filedInDb)
    if (missing.length === 0) return settled([])
    const rows = await this.recordingsTable.where('folderId').anyOf(missing).toArray()
    for (const id of missing)
      if (!this.filedInDb.has(id))
        this.filedInDb.set(
          id,
          rows.filter((r) => r.folderId === id).map((r) => r.id),
        )
    this.recordings.remember(rows)
    return rows.map((r) => r.id)
  }

  /** The ids of a recording's highlights as the database holds them, with this stage's writes (a deleted recording takes them along). */
  async highlightsOf(recordingId: string): Promise<string[]> {
    const rows = await this.highlightsTable.where('recordingId').equals(recordingId).toArray()
    this.highlights.remember(rows)
    const ids = new Set(rows.map((r) => r.id).filter((id) => !this.highlights.wrote(id)))
    for (const [id, row] of this.highlights.written()) if (row?.recordingId === recordingId) ids.add(id)
    return [...ids]
  }

  /**
   * Ends the main thread's task and goes on in the next, inside the same
   * transaction, once this one has run TASK_MS: one read of IndexedDB is
   * asked for and its reply waited on (a transaction stays open while a
   * request of its own is pending). The rules run on cache hits, microtask
   * after microtask, so a page of 500 changes was one task of a few hundred
   * milliseconds on a slow phone. By time, not by count: a slow phone
   * pauses more often than a desktop, and a short page not at all.
   */
  async breathe(): Promise<void> {
    if (performance.now() - this.taskStart < TASK_MS) return settled(undefined)
    await this.recordingsTable.get('')
    this.taskStart = performance.now()
  }

  async flush(): Promise<void> {
    await settled(undefined) // the callers' track, even when nothing is written
    await Promise.all([
      this.recordings.flush(),
      this.details.flush(),
      this.folders.flush(),
      this.syncBase.flush(),
      this.highlights.flush(),
      this.templates.flush(),
    ])
  }
}

/** An entity's rows of one kind, oldest first (an id could name a recording and a folder). */
export function ofKind(rows: OutboxEntry[], kind: MutationTarget['kind']): OutboxEntry[] {
  return rows.filter((r) => r.kind === kind).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
}

/**
 * What the stage already holds, as a Dexie promise: awaiting one keeps
 * Dexie's track of the transaction the way awaiting a read does. With
 * native settled promises instead, a long run of cache hits (a page whose
 * every change is older than what is held) leaves the caller outside its
 * transaction: the cursor written after the page lands in one of its own
 * while the page's commits early (PrematureCommitError).
 */
export const settled = <T>(value: T): Promise<T> => Dexie.Promise.resolve(value)

const unread = (keys: string[], held: Map<string, unknown>) => [...new Set(keys)].filter((k) => !held.has(k))

/**
 * Rows a bulk write hands IndexedDB at a time. The rows are copied (structured
 * clone) while the write is asked for, on the main thread: a page of 500
 * rows in one call was one task of 100 ms and more, in parts the page gets a
 * turn between them (each waits for the last's reply, in the same
 * transaction). 50 is where Dexie stops tracking a bulk write key by key for
 * its live queries and marks the table changed instead, which is cheaper.
 */
/**
 * In the sync worker there is no page to give a turn to: the rules run through and each table's rows
 * go to IndexedDB in one request (a first sync of 10,000 waited on 200 replies a table otherwise).
 */
const workerScope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown }).WorkerGlobalScope
const inWorker = workerScope !== undefined && globalThis instanceof workerScope

export const WRITE_CHUNK = inWorker ? Infinity : 50

/** How long the rules run before they let the page have a turn (a task of 50 ms is a long one). */
const TASK_MS = inWorker ? Infinity : 12

/** From how many keys a load asks whether the table is small enough to read its keys first. */
const KEYS_FIRST_FROM = 20

/** One table through a stage: what was read (undefined: read and absent) and what was written. */
export class StagedTable<T> {
  private readonly held = new Map<string, T | undefined>()
  private readonly dirty = new Set<string>()
  /** Keys read and found absent: deleting one again would be a request for nothing. */
  private readonly absent = new Set<string>()

  constructor(
    private readonly table: Pick<Table<T, string, T>, 'bulkGet' | 'bulkPut' | 'bulkDelete' | 'count'> & {
      toCollection(): { primaryKeys(): PromiseLike<string[]> }
    },
    private readonly keyOf: (row: T) => string,
  ) {}

  async load(keys: string[]): Promise<void> {
    const missing = unread(keys, this.held)
    if (missing.length === 0) return settled(undefined)
    const rows = await this.read(missing)
    // Two loads of one key may overlap (a page's rows are also a folder's): the first read stands.
    missing.forEach((key, i) => {
      if (this.held.has(key)) return
      this.held.set(key, rows[i])
      if (rows[i] === undefined) this.absent.add(key)
    })
  }

  /**
   * bulkGet asks for each key on its own. A table holding fewer rows than
   * are asked for (a first sync asks for a server copy and a detail per
   * recording, and the device holds a handful) answers its keys first, in
   * one request, and only the rows it holds are read.
   */
  private async read(keys: string[]): Promise<(T | undefined)[]> {
    if (keys.length < KEYS_FIRST_FROM || (await this.table.count()) >= keys.length) return this.table.bulkGet(keys)
    const held = new Set(await this.table.toCollection().primaryKeys())
    const present = keys.filter((key) => held.has(key))
    const rows = present.length > 0 ? await this.table.bulkGet(present) : []
    const byKey = new Map(present.map((key, i) => [key, rows[i]]))
    return keys.map((key) => byKey.get(key))
  }

  get(key: string): Promise<T | undefined> {
    if (this.held.has(key)) return settled(this.held.get(key))
    return this.load([key]).then(() => this.held.get(key))
  }

  /** Rows read by a query; a row this stage already holds (maybe written) is newer. */
  remember(rows: T[]): void {
    for (const row of rows) if (!this.held.has(this.keyOf(row))) this.held.set(this.keyOf(row), row)
  }

  /** A row already read or written (undefined: not read, or absent), without reading. */
  peek(key: string): T | undefined {
    return this.held.get(key)
  }

  put(row: T): void {
    this.held.set(this.keyOf(row), row)
    this.dirty.add(this.keyOf(row))
  }

  delete(key: string): void {
    this.held.set(key, undefined)
    this.dirty.add(key)
  }

  wrote(key: string): boolean {
    return this.dirty.has(key)
  }

  /** The rows written (undefined: deleted), by key. */
  *written(): Iterable<[string, T | undefined]> {
    for (const key of this.dirty) yield [key, this.held.get(key)]
  }

  /**
   * Each key holds its last write only, so deletes and puts never touch the
   * same key. A key that was absent when read and is deleted now was never
   * there (a new row's server copy, kept apart and dropped again because no
   * edit waits on it): a first sync wrote and deleted one per recording.
   */
  async flush(): Promise<void> {
    const puts: T[] = []
    const deletes: string[] = []
    for (const [key, row] of this.written()) {
      if (row !== undefined) puts.push(row)
      else if (!this.absent.has(key)) deletes.push(key)
    }
    if (deletes.length > 0) await this.table.bulkDelete(deletes)
    for (let i = 0; i < puts.length; i += WRITE_CHUNK) await this.table.bulkPut(puts.slice(i, i + WRITE_CHUNK))
    this.dirty.clear()
  }
}
