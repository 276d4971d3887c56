#!/usr/bin/env node
/**
 * "Keep all recordings offline" on a new device: a fresh browser context
 * (empty IndexedDB, no service worker) signed in to `pocket serve` on an
 * imported library, with the budget set to all as the dialog stores it,
 * opens /recordings; the clock runs from page.goto until the device holds
 * the detail and the chat of every recording (IndexedDB counted every
 * 100 ms, off the page's thread). "pulled" is when the list held every row
 * and its sync cursor; "kept" is the rest, the offline library's own time.
 * The page's requests (Resource Timing) give the count and the median time
 * of the API requests the run made.
 *
 *   node pwa/scripts/bench-keep-offline.mjs --data /tmp/data500 --count 500 \
 *     --bins now=bin/pocket,base=/tmp/pocket-base [--cpu 1] [--runs 5] [--limit 300] [--profile dir]
 *
 * --bins: label=binary pairs, each a build of pocket (the PWA is embedded);
 * runs alternate between them so drift in the machine's load falls on all.
 * --profile: a V8 CPU profile of each run's page (CDP Profiler) into dir.
 * tools/bench-keep-offline.sh (`make bench-keep-offline`) generates,
 * imports and builds the baseline, then runs this.
 */
import { chromium } from '@playwright/test'
import { parseArgs } from 'node:util'
import { alternateBuilds, int, parseBins, range, sec, startProfile, stopProfile } from './bench-alternate.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'

const { values: opt } = parseArgs({
  options: {
    data: { type: 'string' },
    count: { type: 'string', default: '500' },
    bins: { type: 'string', default: 'now=bin/pocket' },
    cpu: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    limit: { type: 'string', default: '300' },
    email: { type: 'string', default: 'demo@example.com' },
    log: { type: 'string', default: '/tmp/bench-keep-offline.log' },
    profile: { type: 'string' },
  },
})
if (!opt.data) throw new Error('--data (a data dir holding an imported library) is required')
const COUNT = Number(opt.count)
const LIMIT_MS = Number(opt.limit) * 1000
const bins = parseBins(opt.bins)

/** Before the page's scripts: the budget as the dialog stores it, and room for every request's timing. */
function setUp() {
  localStorage.setItem('pocket.offline.budget', 'all')
  performance.setResourceTimingBufferSize(100_000)
}

/** What the device holds: list rows, details, chat sessions, whether a pull stored its cursor. */
const deviceCounts = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('pocket')
    open.onsuccess = () => {
      const idb = open.result
      if (!idb.objectStoreNames.contains('details')) return (idb.close(), resolve(null))
      const tx = idb.transaction(['recordings', 'details', 'chatSessions', 'meta'])
      const out = {}
      tx.objectStore('recordings').count().onsuccess = (e) => (out.rows = e.target.result)
      tx.objectStore('details').count().onsuccess = (e) => (out.details = e.target.result)
      tx.objectStore('chatSessions').count().onsuccess = (e) => (out.chats = e.target.result)
      tx.objectStore('meta').get('sync.cursor').onsuccess = (e) => (out.pulled = e.target.result !== undefined)
      tx.oncomplete = () => (idb.close(), resolve(out))
    }
    open.onerror = () => resolve(null)
  })

/** The page's API requests: how many, and their median duration (request start to response end). */
const apiRequests = () => {
  const api = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/'))
  const ms = api.map((e) => e.responseEnd - e.startTime).sort((a, b) => a - b)
  return { count: api.length, medianMs: ms[Math.floor(ms.length / 2)] ?? 0 }
}

async function keepAll(browser, pocket, state, cpu, profileTo) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: state,
    serviceWorkers: 'block',
  })
  await context.addInitScript(setUp)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  if (profileTo) await startProfile(cdp)
  const t0 = Date.now()
  await page.goto(`${pocket.url}/recordings`)
  let pulledAt = null
  let c = null
  while (Date.now() - t0 < LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 100))
    c = await page.evaluate(deviceCounts)
    if (pulledAt === null && c?.pulled && c.rows >= COUNT) pulledAt = Date.now() - t0
    if (pulledAt !== null && c.details >= COUNT && c.chats >= COUNT) break
  }
  const ms = Date.now() - t0
  const requests = await page.evaluate(apiRequests)
  const estimate = await page.evaluate(() => navigator.storage.estimate())
  if (profileTo) await stopProfile(cdp, profileTo)
  const after = { cookies: (await context.storageState()).cookies, origins: [] }
  await context.close()
  if (!c?.rows) throw new Error('nothing stored: the page is not signed in, or does not sync')
  return { state: after, ms, pulledAt, kept: c.details, requests, idb: estimate.usageDetails?.indexedDB ?? null }
}

const mb = (b) => (b === null ? 'n/a' : `${(b / 1e6).toFixed(1)} MB`)

function summary(label, cpu, runs) {
  const done = runs.every((r) => r.kept >= COUNT && r.pulledAt !== null)
  const total = done
    ? range(
        runs.map((r) => r.ms),
        sec,
      )
    : `cut off at ${sec(LIMIT_MS)}: ${range(
        runs.map((r) => r.kept),
        int,
      )} kept`
  const pulled = runs.map((r) => r.pulledAt).filter((x) => x !== null)
  const keep = runs.filter((r) => r.pulledAt !== null).map((r) => r.ms - r.pulledAt)
  return `| ${label} | ${cpu}× | ${runs.length} | ${total} | ${pulled.length ? range(pulled, sec) : 'n/a'} | ${done ? range(keep, sec) : 'n/a'} | ${range(
    runs.map((r) => r.requests.count),
    int,
  )} | ${range(
    runs.map((r) => r.requests.medianMs),
    int,
  )} ms | ${mb(runs.at(-1).idb)} |`
}

const browser = await chromium.launch(chromiumLaunchOptions())
let results
try {
  const setup = { browser, bins, cpus: opt.cpu.split(',').map(Number), runs: Number(opt.runs), dataDir: opt.data }
  results = await alternateBuilds(
    { ...setup, log: opt.log, email: opt.email, profile: opt.profile },
    async ({ label, cpu, i, pocket, state, profileTo }) => {
      const r = await keepAll(browser, pocket, state, cpu, profileTo)
      console.error(
        `${label} cpu ${cpu}× run ${i}: ${r.kept} kept in ${sec(r.ms)} (pulled ${r.pulledAt === null ? 'never' : sec(r.pulledAt)}), ${r.requests.count} API requests, median ${int(r.requests.medianMs)} ms`,
      )
      return r
    },
  )
} finally {
  await browser.close()
}

console.log(
  `Chromium ${browser.version()}, ${COUNT} recordings, budget "Keep all recordings offline", desktop 1280×800`,
)
console.log(
  '| build | CPU | runs | goto → all kept | goto → library pulled | pulled → all kept | API requests | median request | IndexedDB |',
)
console.log('|---|---|---|---|---|---|---|---|---|')
for (const [key, runs] of results) {
  const [label, cpu] = key.split('\t')
  console.log(summary(label, cpu, runs))
}
