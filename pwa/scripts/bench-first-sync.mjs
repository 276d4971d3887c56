#!/usr/bin/env node
/**
 * A new device's first sync with the list open: a fresh browser context
 * (empty IndexedDB, no service worker) signed in to `pocket serve` on an
 * imported library opens /recordings, and the clock runs from page.goto
 * until the device holds every recording (IndexedDB's recordings store
 * counted every 250 ms, off the page's thread). Long tasks are the page's
 * own (PerformanceObserver 'longtask', from navigation); the rate is rows
 * stored a second over the first and the last 1,000. Once all are stored, the page's and the
 * sync worker's JavaScript heaps (after a collection) and the origin's IndexedDB usage are read.
 *
 *   node pwa/scripts/bench-first-sync.mjs --data /tmp/data10k --count 10000 \
 *     --bins now=bin/pocket,base=/tmp/pocket-base [--cpu 1,4] [--slow-core 4] [--runs 5] [--limit 600] [--profile dir]
 *
 * --bins: label=binary pairs, each a build of pocket (the PWA is embedded);
 * runs alternate between them so drift in the machine's load falls on all.
 * --limit: seconds a run may take; a run cut off reports the rows it stored.
 * --profile: a V8 CPU profile of each run's page (CDP Profiler) into dir.
 * --samples: a file each run appends its stored-rows count to, every 250 ms, as a JSON line.
 * --cpu: DevTools' CPU slowdowns to run at; they slow the page's main thread, not
 * its sync worker. --slow-core N adds runs of a browser whose every process is
 * held to one core at 1/N of its time (slowBrowser.mjs; root), the row "core ÷N".
 * tools/bench-web.sh (`make bench-web`) generates, imports and builds the
 * baseline, then runs this.
 */
import { chromium } from '@playwright/test'
import { appendFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import {
  alternateBuilds,
  attachWorker,
  footprint,
  int,
  median,
  parseBins,
  range,
  sec,
  startProfile,
  startWorkerProfile,
  stopProfile,
  stopWorkerProfile,
  storedRows,
} from './bench-alternate.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'
import { launchSlowBrowser } from './slowBrowser.mjs'

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
    samples: { type: 'string' },
    'slow-core': { type: 'string' },
  },
})
if (!opt.data) throw new Error('--data (a data dir holding an imported library) is required')
const COUNT = Number(opt.count)
const LIMIT_MS = Number(opt.limit) * 1000
const bins = parseBins(opt.bins)

/** Runs in the page before its scripts: keeps every long task of the page. */
function observeLongTasks() {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

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
  if (profileTo) await startProfile(cdp)
  const worker = await attachWorker(cdp, profileTo ? startWorkerProfile : undefined)
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
  if (opt.samples) appendFileSync(opt.samples, JSON.stringify({ cpu, samples }) + '\n')
  const tasks = await page.evaluate(() => window.__longTasks)
  if (profileTo) await stopProfile(cdp, profileTo)
  if (profileTo) await stopWorkerProfile(worker, profileTo.replace(/\.cpuprofile$/, '-worker.cpuprofile'))
  const held = await footprint(cdp, worker, pocket.url)
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
    held,
    startRate: rate(samples, 0, 1000),
    endRate: rate(samples, COUNT - 1000, COUNT),
  }
}

/**
 * Rows a second while the count went from `from` to `to`: from the last count at or below
 * `from` (the first above nothing) to the first at or above `to`; null when it never got there.
 */
function rate(samples, from, to) {
  const a = samples.findLast((s) => s.rows <= from && s.rows > 0) ?? samples.find((s) => s.rows > 0)
  const b = samples.find((s) => s.rows >= to)
  if (!a || !b || b.ms === a.ms) return null
  return ((b.rows - a.rows) * 1000) / (b.ms - a.ms)
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(0)}`

/** A DevTools slowdown as "4×"; the slowed browser's row as it is named. */
const cpuText = (cpu) => (/^\d+$/.test(String(cpu)) ? `${cpu}×` : String(cpu))

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
  const held = (k) => {
    const xs = runs.map((r) => r.held[k]).filter((x) => x !== null)
    return xs.length ? range(xs, mb) : 'n/a'
  }
  return `| ${label} | ${cpuText(cpu)} | ${runs.length} | ${time} | ${range(longest, int)} ms | ${range(over50, int)} | ${range(over200, int)} | ${range(blocking, sec)} | ${rateText('startRate')} / ${rateText('endRate')} | ${held('page')} / ${held('worker')} / ${held('idb')} |`
}

function cutOff(runs) {
  const rows = runs.map((r) => r.rows)
  return `cut off at ${sec(LIMIT_MS)}: ${range(rows, int)} of ${COUNT} stored`
}

const browser = await chromium.launch(chromiumLaunchOptions())
const slowCore = opt['slow-core'] ? Number(opt['slow-core']) : null
const slowBrowser = slowCore ? await launchSlowBrowser(slowCore) : null
// A run's CPU: a DevTools slowdown (a number) or, last, the slowed browser's "core ÷N".
const cpus = [...opt.cpu.split(',').map(Number), ...(slowCore ? [`core ÷${slowCore}`] : [])]
let results
try {
  const setup = { browser, bins, cpus, runs: Number(opt.runs), dataDir: opt.data }
  results = await alternateBuilds(
    { ...setup, log: opt.log, email: opt.email, profile: opt.profile },
    async ({ label, cpu, i, pocket, state, profileTo }) => {
      const slowed = typeof cpu === 'string'
      const r = await firstSync(slowed ? slowBrowser : browser, pocket, state, slowed ? 1 : cpu, profileTo)
      console.error(
        `${label} cpu ${cpuText(cpu)} run ${i}: ${r.rows} rows in ${sec(r.ms)}, ${r.tasks.length} long tasks, longest ${int(Math.max(0, ...r.tasks.map((t) => t.ms)))} ms`,
      )
      return r
    },
  )
} finally {
  await browser.close()
  await slowBrowser?.close()
}

console.log(`Chromium ${browser.version()}, ${COUNT} recordings, list open, desktop 1280×800`)
console.log(
  '| build | CPU | runs | goto → all stored | longest task | tasks > 50 ms | tasks > 200 ms | blocking (Σ task − 50 ms) | rows/s first / last 1,000 | MB held: page heap / worker heap / IndexedDB |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|')
for (const [key, runs] of results) {
  const [label, cpu] = key.split('\t')
  console.log(summary(label, cpu, runs))
}
