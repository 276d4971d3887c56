/**
 * Measurement page for applying a pulled page to IndexedDB (not part of the
 * app bundle): built by pwa/scripts/bench-pull-page.mjs and driven by
 * Playwright in Chromium. Each run builds the same page as the unit test's
 * comparison (pageScenario: a resync's first page with folders, tombstones,
 * cached details and queued edits) in a fresh database and times landing
 * it, commits included, and the longest task meanwhile.
 */
import { applyServerChange as applyBefore } from '@/data/sync/bench/rebaseBefore'
import { pageScenario } from '@/data/sync/bench/pageScenario'
import { applyServerChanges } from '@/data/sync/applyServer'
import { syncTables } from '@/data/sync/rebase'
import { CHANGES_PER_TRANSACTION } from '@/data/sync/pull'

/** The longest main-thread task seen since the last read (Long Tasks API: 50 ms and more). */
let longest = 0
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longest = Math.max(longest, e.duration)
}).observe({ type: 'longtask' })

/**
 * 'before' and 'now' apply the page in one transaction, by the old path or
 * the current one; 'parts' as the pull lands it, CHANGES_PER_TRANSACTION
 * changes per transaction.
 */
async function run(
  path: 'before' | 'now' | 'parts',
  count: number,
): Promise<{ ms: number; changes: number; longestTask: number }> {
  const { device, changes } = await pageScenario(count)
  const { db } = device
  await new Promise((resolve) => setTimeout(resolve, 100)) // the scenario's own tasks end first
  longest = 0
  const t0 = performance.now()
  const size = path === 'parts' ? CHANGES_PER_TRANSACTION : changes.length
  for (let start = 0; start < changes.length; start += size) {
    const slice = changes.slice(start, start + size)
    await db.transaction('rw', syncTables(db), async () => {
      if (path !== 'before') return applyServerChanges(db, slice)
      for (const change of slice) await applyBefore(db, change)
    })
  }
  const ms = performance.now() - t0
  await new Promise((resolve) => setTimeout(resolve, 100)) // the last task's entry arrives
  const longestTask = longest
  await db.delete()
  return { ms, changes: changes.length, longestTask }
}

Object.assign(window, { bench: { run } })
document.title = 'ready'
