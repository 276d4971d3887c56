/**
 * Applying a pulled page, timed: the old path (one awaited read or write
 * after another, per change) against the new one, in the same run, on
 * fake-indexeddb. Both must leave the same tables. Run with
 *   BENCH=1 npx vitest run src/data/sync/bench/applyPage.timing.test.ts
 * (without BENCH only the comparison runs, on a smaller page).
 */
import { describe, expect, it } from 'vitest'
import type { Change } from '@/gen/pocket/sync/v1/sync_pb'
import type { PocketDB } from '../../db'
import { applyServerChanges } from '../applyServer'
import { syncTables } from '../rebase'
import { applyServerChange as applyBefore } from './rebaseBefore'
import { dumpSyncTables, pageScenario } from './pageScenario'

/** The bench's switches, from the shell (the app's tsconfig has no Node types). */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}

type Apply = (db: PocketDB, changes: Change[]) => Promise<void>

const before: Apply = async (db, changes) => {
  for (const change of changes) await applyBefore(db, change)
}
const now: Apply = applyServerChanges

async function timed(apply: Apply, count: number) {
  const { device, changes } = await pageScenario(count)
  const start = performance.now()
  await device.db.transaction("rw", syncTables(device.db), async () => { await apply(device.db, changes) })
  const ms = performance.now() - start
  const tables = await dumpSyncTables(device.db)
  await device.db.delete()
  return { ms, tables, changes: changes.length }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

describe('applying a pulled page', () => {
  it('leaves the same tables as the old path', async () => {
    const a = await timed(before, 120)
    const b = await timed(now, 120)
    expect(b.tables).toEqual(a.tables)
  })

  it.runIf(env.BENCH)('times the old path against the new one', { timeout: 600_000 }, async () => {
    const rounds = Number(env.BENCH_ROUNDS ?? 5)
    const times = { before: [] as number[], now: [] as number[] }
    let changes = 0
    for (let i = 0; i < rounds; i++) {
      // Alternated, so drift in the machine's load falls on both.
      const a = await timed(before, 500)
      const b = await timed(now, 500)
      expect(b.tables).toEqual(a.tables)
      times.before.push(a.ms)
      times.now.push(b.ms)
      changes = a.changes
    }
    const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
    console.log(`page of ${changes} changes, ${rounds} rounds\n  before: ${fmt(times.before)}\n  now:    ${fmt(times.now)}`)
  })
})
