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
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { signInFromLog } from './bench-session.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'
import { freePort, startPocket } from './pocket-server.mjs'

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
const bins = opt.bins.split(',').map((pair) => {
  const [label, bin] = pair.split('=')
  return { label, bin }
})

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
  if (profileTo) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
    await cdp.send('Profiler.start')
  }
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
  if (profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile))
  const after = { cookies: (await context.storageState()).cookies, origins: [] }
  await context.close()
  if (!c?.rows) throw new Error('nothing stored: the page is not signed in, or does not sync')
  return { state: after, ms, pulledAt, kept: c.details, requests, idb: estimate.usageDetails?.indexedDB ?? null }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const range = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`
const int = (x) => `${Math.round(x)}`
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

const port = await freePort()
const results = new Map()
const browser = await chromium.launch(chromiumLaunchOptions())
let state
try {
  for (const cpu of opt.cpu.split(',').map(Number)) {
    for (let i = 0; i < Number(opt.runs); i++) {
      for (const { label, bin } of i % 2 ? [...bins].reverse() : bins) {
        const pocket = await startPocket({ dataDir: opt.data, log: opt.log, bin, port })
        try {
          // One sign-in for the whole bench (one code a minute); the port stays, so the session does.
          state ??= await signedIn(browser, pocket)
          const profileTo = opt.profile && join(opt.profile, `${label}-cpu${cpu}-run${i}.cpuprofile`)
          if (opt.profile) mkdirSync(opt.profile, { recursive: true })
          const r = await keepAll(browser, pocket, state, cpu, profileTo)
          state = r.state
          console.error(
            `${label} cpu ${cpu}× run ${i}: ${r.kept} kept in ${sec(r.ms)} (pulled ${r.pulledAt === null ? 'never' : sec(r.pulledAt)}), ${r.requests.count} API requests, median ${int(r.requests.medianMs)} ms`,
          )
          const key = `${label}\t${cpu}`
          results.set(key, [...(results.get(key) ?? []), r])
        } finally {
          await pocket.stop()
        }
      }
    }
  }
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

async function signedIn(browser, pocket) {
  const context = await browser.newContext()
  try {
    await signInFromLog(context, { url: pocket.url, log: pocket.log, email: opt.email })
  } catch (error) {
    // One code a minute: a bench started again soon after another waits out the rest of it.
    const wait = /wait (\d+) seconds/.exec(String(error))?.[1]
    if (!wait) throw error
    await new Promise((r) => setTimeout(r, (Number(wait) + 1) * 1000))
    await signInFromLog(context, { url: pocket.url, log: pocket.log, email: opt.email })
  }
  const s = await context.storageState()
  await context.close()
  return s
}
