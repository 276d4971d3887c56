#!/usr/bin/env node
/**
 * A new device's first sync with the list open: a fresh browser context
 * (empty IndexedDB, no service worker) signed in to `pocket serve` on an
 * imported library opens /recordings, and the clock runs from page.goto
 * until the device holds every recording (IndexedDB's recordings store
 * counted every 250 ms, off the page's thread). Long tasks are the page's
 * own (PerformanceObserver 'longtask', from navigation); the rate is rows
 * stored a second over the first and the last 1,000.
 *
 *   node pwa/scripts/bench-first-sync.mjs --data /tmp/data10k --count 10000 \
 *     --bins now=bin/pocket,base=/tmp/pocket-base [--cpu 1,4] [--runs 5] [--limit 600] [--profile dir]
 *
 * --bins: label=binary pairs, each a build of pocket (the PWA is embedded);
 * runs alternate between them so drift in the machine's load falls on all.
 * --limit: seconds a run may take; a run cut off reports the rows it stored.
 * --profile: a V8 CPU profile of each run's page (CDP Profiler) into dir.
 * tools/bench-web.sh (`make bench-web`) generates, imports and builds the
 * baseline, then runs this.
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
    count: { type: 'string', default: '10000' },
    bins: { type: 'string', default: 'now=bin/pocket' },
    cpu: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    limit: { type: 'string', default: '600' },
    email: { type: 'string', default: 'demo@example.com' },
    log: { type: 'string', default: '/tmp/bench-first-sync.log' },
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

/** Runs in the page before its scripts: keeps every long task of the page. */
function observeLongTasks() {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

/** Rows in the recordings store, or 0 before the app has made it. */
const storedRows = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('pocket')
    open.onsuccess = () => {
      const idb = open.result
      if (!idb.objectStoreNames.contains('recordings')) return (idb.close(), resolve(0))
      const req = idb.transaction('recordings').objectStore('recordings').count()
      req.onsuccess = () => (idb.close(), resolve(req.result))
    }
    open.onerror = () => resolve(0)
  })

async function firstSync(browser, pocket, state, cpu, profileTo) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: state,
    serviceWorkers: 'block',
  })
  await context.addInitScript(observeLongTasks)
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
  const samples = []
  let rows = 0
  while (rows < COUNT && Date.now() - t0 < LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 250))
    rows = await page.evaluate(storedRows)
    samples.push({ ms: Date.now() - t0, rows })
  }
  const ms = Date.now() - t0
  const tasks = await page.evaluate(() => window.__longTasks)
  if (profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile))
  // The session's cookies as the run left them (the server turns a refresh token over once used);
  // nothing else of the origin's: each run starts as a new device.
  const after = { cookies: (await context.storageState()).cookies, origins: [] }
  await context.close()
  if (rows === 0) throw new Error('nothing stored: the page is not signed in, or does not sync')
  return {
    state: after,
    ms,
    rows,
    tasks,
    startRate: rate(samples, 0, 1000),
    endRate: rate(samples, COUNT - 1000, COUNT),
  }
}

/** Rows a second while the count went from `from` to `to` (null when it never did). */
function rate(samples, from, to) {
  const a = samples.find((s) => s.rows >= from && s.rows > 0)
  const b = samples.find((s) => s.rows >= to)
  if (!a || !b || b.ms === a.ms) return null
  return ((b.rows - a.rows) * 1000) / (b.ms - a.ms)
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const range = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`
const int = (x) => `${Math.round(x)}`

function summary(label, cpu, runs) {
  const done = runs.filter((r) => r.rows >= COUNT)
  const time =
    done.length === runs.length
      ? range(
          runs.map((r) => r.ms),
          sec,
        )
      : cutOff(runs)
  const longest = runs.map((r) => Math.max(0, ...r.tasks.map((t) => t.ms)))
  const over50 = runs.map((r) => r.tasks.length)
  const over200 = runs.map((r) => r.tasks.filter((t) => t.ms > 200).length)
  const blocking = runs.map((r) => r.tasks.reduce((n, t) => n + t.ms - 50, 0))
  const rates = (k) => runs.map((r) => r[k]).filter((x) => x !== null)
  const rateText = (k) => (rates(k).length ? int(median(rates(k))) : 'n/a')
  return `| ${label} | ${cpu}× | ${runs.length} | ${time} | ${range(longest, int)} ms | ${range(over50, int)} | ${range(over200, int)} | ${range(blocking, sec)} | ${rateText('startRate')} / ${rateText('endRate')} |`
}

function cutOff(runs) {
  const rows = runs.map((r) => r.rows)
  return `cut off at ${sec(LIMIT_MS)}: ${range(rows, int)} of ${COUNT} stored`
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
          if (!state) state = await signedIn(browser, pocket)
          const profileTo = opt.profile && join(opt.profile, `${label}-cpu${cpu}-run${i}.cpuprofile`)
          if (opt.profile) mkdirSync(opt.profile, { recursive: true })
          const r = await firstSync(browser, pocket, state, cpu, profileTo)
          state = r.state
          console.error(
            `${label} cpu ${cpu}× run ${i}: ${r.rows} rows in ${sec(r.ms)}, ${r.tasks.length} long tasks, longest ${int(Math.max(0, ...r.tasks.map((t) => t.ms)))} ms`,
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

console.log(`Chromium ${browser.version()}, ${COUNT} recordings, list open, desktop 1280×800`)
console.log(
  '| build | CPU | runs | goto → all stored | longest task | tasks > 50 ms | tasks > 200 ms | blocking (Σ task − 50 ms) | rows/s first / last 1,000 |',
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
