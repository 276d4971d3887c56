/**
 * Applying a pulled page by the old path (one awaited read or write after
 * another, per change) and by the new one, timed, on fake-indexeddb. Used by
 * applyPage.test.ts (both leave the same tables) and applyPage.timing.ts (the
 * bench: BENCH=1 npx vitest run --config pwa/vitest.config.ts --project bench).
 */
import type { Change } from '@/gen/pocket/sync/v1/sync_pb'
import type { PocketDB } from '../../db'
import { applyServerChanges } from '../applyServer'
import { syncTables } from '../rebase'
import { applyServerChange as applyBefore } from './rebaseBefore'
import { dumpSyncTables, pageScenario } from './pageScenario'

export type Apply = (db: PocketDB, changes: Change[]) => Promise<void>

export const before: Apply = async (db, changes) => {
  for (const change of changes) await applyBefore(db, change)
}
export const now: Apply = applyServerChanges

/** Applies a page of `count` changes in one transaction; its time and the tables it leaves. */
export async function timed(apply: Apply, count: number) {
  const { device, changes } = await pageScenario(count)
  const start = performance.now()
  await device.db.transaction('rw', syncTables(device.db), async () => {
    await apply(device.db, changes)
  })
  const ms = performance.now() - start
  const tables = await dumpSyncTables(device.db)
  await device.db.delete()
  return { ms, tables, changes: changes.length }
}
