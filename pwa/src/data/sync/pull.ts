import type { Change } from '@/gen/pocket/sync/v1/sync_pb'
import { EntityKind } from '@/gen/pocket/sync/v1/sync_pb'
import { dropOfflineAudio } from '../audio-offline'
import { SYNC_CURSOR_KEY, type PocketDB } from '../db'
import { withAuthRetry } from './client'
import type { SyncDeps } from './deps'
import type { MutationTarget } from './mutation'
import { applyServerChanges } from './applyServer'
import { recomposeAll, syncTables } from './rebase'

export interface PullResult {
  pages: number
  changes: number
  /** The server could not continue the cursor: the library was dropped and pulled again. */
  resynced: boolean
}

export async function readCursor(db: PocketDB): Promise<string> {
  const value = (await db.meta.get(SYNC_CURSOR_KEY))?.value
  return typeof value === 'string' ? value : ''
}

/**
 * Pulls every change after the stored cursor, page by page. A page lands in
 * a few transactions of CHANGES_PER_TRANSACTION changes, its cursor with the
 * last, so a tab closed mid-pull resumes from the last page it finished and
 * never stores a cursor without its changes (the page's first changes are
 * then applied again, which changes nothing: a state is applied by its
 * version).
 */
export async function pullOnce(deps: SyncDeps): Promise<PullResult> {
  const { db, client, session } = deps
  const result: PullResult = { pages: 0, changes: 0, resynced: false }
  let cursor = await readCursor(db)
  let drop = false
  for (;;) {
    const page = await withAuthRetry(session, () => client.pull({ cursor }))
    if (page.resync) {
      // From "" there is nothing to resync from: a server saying so again is broken, not behind.
      if (cursor === '') throw new Error('sync: the server asked for a resync of a pull from the start')
      cursor = ''
      drop = result.resynced = true
      continue
    }
    // Nothing new (another tab's pull already stored it): no write, so no tab's screens re-read.
    const nothingNew = page.changes.length === 0 && page.cursor === cursor && !drop
    if (!nothingNew) await storePage(db, page.changes, page.cursor, drop)
    drop = false
    forgetDeletedAudio(page.changes)
    result.pages++
    result.changes += page.changes.length
    if (!page.hasMore) return result
    cursor = page.cursor
  }
}

/**
 * How many changes one transaction applies. Each transaction's replies from
 * IndexedDB are one task of the main thread: the first pull's 30 changes in
 * one transaction held a slow phone's page for 180 ms just after its first
 * screen (profile-tasks.mjs), and a page of 500 for 360 ms. Warm, parts of
 * 8 stay under 50 ms, but the first pull runs cold, just after the first
 * screen, and Lighthouse still saw its parts of 8 at 55–75 ms; parts of 4
 * took the median blocking time of a cold list from 66 to 38 ms. A page of
 * 500 then lands about 2.9× slower than in one transaction, the page
 * answering throughout (bench-pull-page.mjs --paths now,parts; larger or
 * growing parts brought the long tasks of the start back, docs/benchmarks.md).
 */
export const CHANGES_PER_TRANSACTION = 4

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

/** A recording deleted anywhere leaves no audio kept on this device. */
function forgetDeletedAudio(changes: Change[]): void {
  const ids = changes.flatMap((c) =>
    c.entity.case === 'tombstone' && c.entity.value.kind !== EntityKind.FOLDER ? [c.entity.value.id] : [],
  )
  if (ids.length > 0) void dropOfflineAudio(ids).catch(() => {})
}

/**
 * Forgets the server copies (the pull from "" brings them again) but keeps
 * the outbox: queued edits are laid over whatever comes back, and a folder
 * created here shows again at once.
 */
async function dropLibrary(db: PocketDB): Promise<void> {
  await Promise.all([db.recordings.clear(), db.folders.clear(), db.meta.delete(SYNC_CURSOR_KEY)])
  const bases = await db.syncBase.toArray()
  // The server copies are unknown until pulled again; the cached detail's stay (details are kept).
  await db.syncBase.bulkPut(
    bases.map((b) => (b.key.startsWith('folder:') ? { ...b, folder: null } : { ...b, recording: null })),
  )
  const targets = new Map<string, MutationTarget>()
  for (const row of await db.outbox.toArray())
    targets.set(`${row.kind}:${row.entityId}`, { kind: row.kind, entityId: row.entityId })
  await recomposeAll(db, [...targets.values()])
}
