import type { Change } from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import { dropOfflineAudio } from '../audio-offline'
import { SYNC_CURSOR_KEY, type PocketDB } from '../db'
import { withAuthRetry } from './client'
import type { SyncDeps } from './deps'
import type { PullResult } from './pullResult'
import type { MutationTarget } from './mutation'
import { applyServerChanges } from './applyServer'
import { recomposeAll, syncTables } from './rebase'

export type { PullResult } from './pullResult'

export async function readCursor(db: PocketDB): Promise<string> {
  const value = (await db.meta.get(SYNC_CURSOR_KEY))?.value
  return typeof value === 'string' ? value : ''
}

/**
 * Pulls every change after the stored cursor, page by page. A page lands in
 * one transaction (a page longer than CHANGES_PER_TRANSACTION in a few), its
 * cursor with the last, so a tab closed mid-pull resumes from the last page
 * it finished and never stores a cursor without its changes (the page's
 * first changes are then applied again, which changes nothing: a state is
 * applied by its version). The next page is asked for while this one is
 * stored: its cursor is known, and it is only read, never stored, before
 * this page's transaction has committed.
 */
export async function pullOnce(deps: SyncDeps): Promise<PullResult> {
  const { db, client, session } = deps
  const result: PullResult = { pages: 0, changes: 0, resynced: false }
  const ask = (from: string) => withAuthRetry(session, () => client.pull({ cursor: from }))
  let cursor = await readCursor(db)
  let drop = false
  let asked = ask(cursor)
  for (;;) {
    const page = await asked
    if (page.resync) {
      // From "" there is nothing to resync from: a server saying so again is broken, not behind.
      if (cursor === '') throw new Error('sync: the server asked for a resync of a pull from the start')
      cursor = ''
      drop = result.resynced = true
      asked = ask(cursor)
      continue
    }
    if (page.hasMore) asked = ask(page.cursor)
    // Nothing new (another tab's pull already stored it): no write, so no tab's screens re-read.
    const nothingNew = page.changes.length === 0 && page.cursor === cursor && !drop
    try {
      if (!nothingNew) await storePage(db, page.changes, page.cursor, drop)
    } catch (error) {
      if (page.hasMore) asked.catch(() => {}) // the page asked for ahead is dropped with this pull
      throw error
    }
    drop = false
    forgetDeletedAudio(page.changes)
    result.pages++
    result.changes += page.changes.length
    if (!page.hasMore) return result
    cursor = page.cursor
  }
}

/**
 * How many changes one transaction applies at most: a whole page of the
 * server's (500 by default). Inside it the work is spread over tasks of the
 * main thread (Stage.breathe, WRITE_CHUNK in stage.ts), so a large page does
 * not hold the page for its whole length. Smaller transactions (there were
 * parts of 4, to keep a cold phone's tasks under 50 ms) made every live read
 * on screen run again after each (the list, the folder counts), and a first
 * sync of 10,000 then took minutes, each part slower than the last as the
 * device filled. docs/adr/0009-first-sync-in-bulk.md has the figures.
 */
export const CHANGES_PER_TRANSACTION = 500

async function storePage(db: PocketDB, changes: Change[], cursor: string, drop: boolean): Promise<void> {
  const parts = Math.max(1, Math.ceil(changes.length / CHANGES_PER_TRANSACTION))
  for (let part = 0; part < parts; part++) {
    await db.transaction('rw', syncTables(db), async () => {
      // Dropped together with the first changes, so the list is never left empty in between.
      if (drop && part === 0) await dropLibrary(db)
      await applyServerChanges(db, changes.slice(part * CHANGES_PER_TRANSACTION, (part + 1) * CHANGES_PER_TRANSACTION))
      if (part === parts - 1) await db.meta.put({ key: SYNC_CURSOR_KEY, value: cursor })
    })
  }
}

const NOT_RECORDINGS = [EntityKind.FOLDER, EntityKind.HIGHLIGHT, EntityKind.TEMPLATE]

/** A recording deleted anywhere leaves no audio kept on this device. */
function forgetDeletedAudio(changes: Change[]): void {
  const ids = changes.flatMap((c) =>
    c.entity.case === 'tombstone' && !NOT_RECORDINGS.includes(c.entity.value.kind) ? [c.entity.value.id] : [],
  )
  if (ids.length > 0) void dropOfflineAudio(ids).catch(() => {})
}

/**
 * Forgets the server copies (the pull from "" brings them again) but keeps
 * the outbox: queued edits are laid over whatever comes back, and a folder
 * created here shows again at once.
 */
async function dropLibrary(db: PocketDB): Promise<void> {
  // A highlight made here keeps its row: its words were quoted from this device's transcript (recomposeHighlight).
  const madeHere = (await db.outbox.toArray()).filter((r) => r.kind === 'highlight').map((r) => r.entityId)
  await Promise.all([
    db.recordings.clear(),
    db.folders.clear(),
    db.highlights.where('id').noneOf(madeHere).delete(),
    // A template made here comes back from its queued create (it carries the whole template).
    db.templates.clear(),
    db.meta.delete(SYNC_CURSOR_KEY),
  ])
  const bases = await db.syncBase.toArray()
  // The server copies are unknown until pulled again; the cached detail's stay (details are kept).
  await db.syncBase.bulkPut(bases.map((b) => ({ ...b, [b.key.slice(0, b.key.indexOf(':'))]: null })))
  const targets = new Map<string, MutationTarget>()
  for (const row of await db.outbox.toArray())
    targets.set(`${row.kind}:${row.entityId}`, { kind: row.kind, entityId: row.entityId })
  await recomposeAll(db, [...targets.values()])
}
