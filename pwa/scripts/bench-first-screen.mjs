#!/usr/bin/env node
// A first visit of one screen as a phone on a slow network sees it, in a real
// browser: Debian's Chromium with the CPU slowed 4× and the network of
// Lighthouse's mobile preset (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
// up), a fresh profile per visit and no service worker. Reports the browser's
// own first contentful paint, largest contentful paint and the time its long
// tasks block the main thread after that first paint (each task's time beyond
// 50 ms, until the page has been quiet for 3 s): Lighthouse's metrics as
// measured, not simulated, so two builds can be compared run by run. With
// --vs, visits alternate between this build and the other one (A B A B).
//
//   node pwa/scripts/bench-first-screen.mjs [--screen shared|login|list|detail] [--runs 7] [--bin bin/pocket] [--vs other/pocket]
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { screenPath, signInFromLog } from './bench-session.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'
import { startPocket } from './pocket-server.mjs'

const { values: opt } = parseArgs({
  options: {
    screen: { type: 'string', default: 'shared' },
    runs: { type: 'string', default: '7' },
    bin: { type: 'string' },
    vs: { type: 'string' },
  },
})
const METRICS = ['fcp', 'lcp', 'blocking']
const SIGNED_IN = opt.screen === 'list' || opt.screen === 'detail'
// Lighthouse's mobile preset: throughput in bytes per second.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

/** Collects paints and long tasks from the start of the document. */
const OBSERVE = () => {
  const m = { fcp: null, lcp: null, tasks: [] }
  globalThis.__firstScreen = m
  new PerformanceObserver((l) =>
    l.getEntries().forEach((e) => e.name === 'first-contentful-paint' && (m.fcp = e.startTime)),
  ).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((l) => l.getEntries().forEach((e) => (m.lcp = e.startTime))).observe({
    type: 'largest-contentful-paint',
    buffered: true,
  })
  new PerformanceObserver((l) => l.getEntries().forEach((e) => m.tasks.push([e.startTime, e.duration]))).observe({
    type: 'longtask',
    buffered: true,
  })
}

const dir = mkdtempSync(join(tmpdir(), 'pocket-first-screen-'))
const builds = [{ name: 'this build', bin: opt.bin }, ...(opt.vs ? [{ name: 'other build', bin: opt.vs }] : [])]
const browser = await chromium.launch(chromiumLaunchOptions())
try {
  for (const [i, b] of builds.entries()) await prepare(b, join(dir, `server${i}`))
  for (let run = 0; run < Number(opt.runs); run++) {
    for (const b of builds) {
      const m = await visit(b)
      b.results.push(m)
      console.log(
        `${b.name} run ${run + 1}: FCP ${m.fcp} ms  LCP ${m.lcp} ms  blocking ${m.blocking} ms  (${m.longTasks} long tasks)`,
      )
    }
  }
  for (const b of builds) console.log(`${b.name} median of ${b.results.length}: ${summary(b.results)}`)
  if (builds.length === 2) console.log(`this/other, medians: ${ratios(builds[0].results, builds[1].results)}`)
} finally {
  await browser.close()
  for (const b of builds) await b.pocket?.stop()
  rmSync(dir, { recursive: true, force: true })
}

async function prepare(build, dataDir) {
  build.pocket = await startPocket({
    dataDir,
    log: `${dataDir}.log`,
    seed: true,
    ...(build.bin ? { bin: build.bin } : {}),
  })
  const context = await browser.newContext()
  const { idToken } = await signInFromLog(context, { url: build.pocket.url, log: build.pocket.log })
  build.path =
    opt.screen === 'login' ? '/login' : await screenPath(context, { url: build.pocket.url, idToken }, opt.screen)
  build.state = SIGNED_IN ? await context.storageState() : undefined
  build.results = []
  await context.close()
}

async function visit(build) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    serviceWorkers: 'block',
    storageState: build.state,
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(OBSERVE)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await page.goto(`${build.pocket.url}${build.path}`)
    await quiet(page)
    const m = await page.evaluate(() => globalThis.__firstScreen)
    // The visit refreshed the session, which rotates its cookie: the next visit needs the new one.
    if (SIGNED_IN) build.state = await context.storageState()
    const after = m.tasks.filter(([start]) => start >= m.fcp)
    return {
      fcp: Math.round(m.fcp),
      lcp: Math.round(m.lcp),
      blocking: Math.round(after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
      longTasks: after.length,
    }
  } finally {
    await context.close()
  }
}

/** Waits until no long task has started for 3 s (and at most 30 s). */
async function quiet(page) {
  await page.waitForLoadState('load')
  for (let waited = 0; waited < 30_000; waited += 500) {
    const last = await page.evaluate(() => {
      const t = globalThis.__firstScreen.tasks.at(-1)
      return { now: performance.now(), end: t ? t[0] + t[1] : 0 }
    })
    if (last.now - last.end >= 3000) return
    await page.waitForTimeout(500)
  }
}

function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
}

function summary(results) {
  return METRICS.map((k) => `${k.toUpperCase()} ${median(results.map((r) => r[k]))} ms`).join('  ')
}

function ratios(a, b) {
  return METRICS.map(
    (k) => `${k.toUpperCase()} ${(median(a.map((r) => r[k])) / Math.max(1, median(b.map((r) => r[k])))).toFixed(2)}`,
  ).join('  ')
}
