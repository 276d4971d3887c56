/**
 * Measurement page for applying a pulled page to IndexedDB (not part of the
 * app bundle): built by pwa/scripts/bench-pull-page.mjs and driven by
 * Playwright in Chromium. Each run builds the same page as the unit test's
 * comparison (pageScenario: a resync's first page with folders, tombstones,
 * cached details and queued edits) in a fresh database and times its one
 * transaction, commit included, by the old path or the current one.
 */
import { applyServerChange as applyBefore } from '@/data/sync/bench/rebaseBefore'
import { pageScenario } from '@/data/sync/bench/pageScenario'
import { applyServerChanges } from '@/data/sync/applyServer'
import { syncTables } from '@/data/sync/rebase'

async function run(path: 'before' | 'now', count: number): Promise<{ ms: number; changes: number }> {
  const { device, changes } = await pageScenario(count)
  const { db } = device
  const t0 = performance.now()
  await db.transaction('rw', syncTables(db), async () => {
    if (path === 'now') return applyServerChanges(db, changes)
    for (const change of changes) await applyBefore(db, change)
  })
  const ms = performance.now() - t0
  await db.delete()
  return { ms, changes: changes.length }
}

Object.assign(window, { bench: { run } })
document.title = 'ready'
