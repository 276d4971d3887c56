#!/usr/bin/env node
// "Available offline": how long after sign-in until the newest N recordings
// (details with summary, action items, mind maps and transcript, plus chat
// history) are in IndexedDB, and how much storage that takes. Debian's
// Chromium (headless) with Playwright, against a running `pocket serve`.
//
//   bin/pocket fixtures gen --count 500 --out /tmp/gen500
//   POCKET_DATA_DIR=/tmp/data500 bin/pocket import --user demo@example.com /tmp/gen500
//   POCKET_ADDR=127.0.0.1:18433 POCKET_DATA_DIR=/tmp/data500 POCKET_SEED=none bin/pocket serve >/tmp/off.log 2>&1 &
//   node pwa/scripts/bench-offline-prefetch.mjs --url http://127.0.0.1:18433 --log /tmp/off.log --budgets 50,all --runs 3
//
// Each run is a fresh browser context (empty IndexedDB) with the budget set
// as the dialog stores it, signed in by e-mail code (read from the server's
// log, once: the runs reuse its session cookie); the clock starts at page.goto('/recordings') and stops when the
// details table holds min(budget, rows the list shows), polled every 50 ms.
// "pulled" is when the sync cursor was first stored (the first page of the
// library is on the device). Storage: navigator.storage.estimate() at the end.
import { chromium } from '@playwright/test'
import { parseArgs } from 'node:util'
import { chromiumLaunchOptions } from './chromium.mjs'
import { signInFromLog } from './bench-session.mjs'

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:18433' },
    log: { type: 'string' },
    email: { type: 'string', default: 'demo@example.com' },
    budgets: { type: 'string', default: '50,all' },
    runs: { type: 'string', default: '3' },
  },
})
if (!opt.log) throw new Error('--log (the server log, for the sign-in code) is required')

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** What the device holds now: rows the list shows, details, chat sessions, whether a pull stored its cursor. */
const deviceCounts = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('pocket')
    open.onsuccess = () => {
      const idb = open.result
      if (!idb.objectStoreNames.contains('details')) return (idb.close(), resolve(null))
      const tx = idb.transaction(['recordings', 'details', 'chatSessions', 'meta'])
      const out = {}
      tx.objectStore('recordings').index('sortKey').count().onsuccess = (e) => (out.rows = e.target.result)
      tx.objectStore('details').count().onsuccess = (e) => (out.details = e.target.result)
      tx.objectStore('chatSessions').count().onsuccess = (e) => (out.chats = e.target.result)
      tx.objectStore('meta').get('sync.cursor').onsuccess = (e) => (out.pulled = e.target.result !== undefined)
      tx.oncomplete = () => (idb.close(), resolve(out))
    }
    open.onerror = () => resolve(null)
  })

/** The session cookie of one sign-in, reused by every run (the server allows one code a minute). */
async function signedInState(browser) {
  const context = await browser.newContext()
  await signInFromLog(context, { url: opt.url, log: opt.log, email: opt.email })
  const state = await context.storageState()
  await context.close()
  return state
}

async function run(browser, state, budget) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: state })
  await context.addInitScript((b) => localStorage.setItem('pocket.offline.budget', b), String(budget))
  const page = await context.newPage()
  const t0 = Date.now()
  await page.goto(`${opt.url}/recordings`)
  let pulledAt = null
  for (;;) {
    const c = await page.evaluate(deviceCounts)
    const now = Date.now() - t0
    if (c?.pulled && pulledAt === null) pulledAt = now
    const want = c ? (budget === 'all' ? c.rows : Math.min(Number(budget), c.rows)) : Infinity
    if (c?.pulled && c.details >= want && c.chats >= want) {
      const estimate = await page.evaluate(() => navigator.storage.estimate())
      await context.close()
      return {
        ms: now,
        pulledAt,
        details: c.details,
        usage: estimate.usage,
        idb: estimate.usageDetails?.indexedDB ?? null,
      }
    }
    if (now > 600_000) throw new Error(`budget ${budget}: not done after 10 min (${JSON.stringify(c)})`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const browser = await chromium.launch(chromiumLaunchOptions())
const state = await signedInState(browser)
const mb = (b) => (b === null || b === undefined ? 'n/a' : `${(b / 1e6).toFixed(1)} MB`)
console.log(
  '| budget | recordings kept | sign-in page → all kept (median, range) | → library pulled | IndexedDB (usageDetails) | origin usage |',
)
console.log('|---|---:|---:|---:|---:|---:|')
for (const budget of opt.budgets.split(',')) {
  const results = []
  for (let i = 0; i < Number(opt.runs); i++) results.push(await run(browser, state, budget))
  const times = results.map((r) => r.ms)
  const last = results.at(-1)
  console.log(
    `| ${budget} | ${last.details} | ${(median(times) / 1000).toFixed(2)} s (${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)}) | ${(median(results.map((r) => r.pulledAt)) / 1000).toFixed(2)} s | ${mb(last.idb)} | ${mb(last.usage)} |`,
  )
}
await browser.close()
