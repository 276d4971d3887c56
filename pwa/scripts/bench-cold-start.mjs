#!/usr/bin/env node
// Offline cold start: a returning user opens the app in a new tab with the
// server stopped, the service worker controlling, the library on the device.
// Measured in Debian's Chromium (headless, desktop 1280×800) with Playwright,
// against the same cold start with the server answering, in the same run.
//
//   make build && node pwa/scripts/bench-cold-start.mjs [--runs 9] [--bin path/to/other/pocket]
//
// --bin runs another build (e.g. a copy of bin/pocket made before a change), so
// a before/after comparison can alternate the two on a machine whose load varies.
//
// It starts bin/pocket with the sample library (fixtures/) on a throwaway data
// dir, signs in as demo@example.com, opens /recordings once so the worker is
// installed and the library stored, and reloads so the worker controls. Then
// each run is a new tab loading /recordings: first with the server up, then
// after stopping it. Figures per run, from navigation start: the first
// recording row in the DOM, the frame after it (the row painted), and the
// app's own first row (when the first was the kept copy's, see data/kept-screen).
// A benchmark, not a test: it never fails on the figures.
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { signInFromLog } from './bench-session.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'
import { startPocket } from './pocket-server.mjs'

const { values: opt } = parseArgs({ options: { runs: { type: 'string', default: '9' }, bin: { type: 'string' } } })
const runs = Number(opt.runs)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ROW = '.rec-row'

const dir = mkdtempSync(join(tmpdir(), 'pocket-cold-'))
const pocket = await startPocket({
  dataDir: join(dir, 'data'),
  log: join(dir, 'pocket.log'),
  seed: true,
  ...(opt.bin ? { bin: opt.bin } : {}),
})
const browser = await chromium.launch(chromiumLaunchOptions())
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  // In every page: when the first row enters the DOM (the kept copy's, when
  // the service worker put one in the HTML, else the app's), the next frame
  // (painted), and when the app's own first row is in the DOM.
  await context.addInitScript((row) => {
    new MutationObserver((_, observer) => {
      if (window.__rowAt === undefined && document.querySelector(row)) {
        window.__rowAt = performance.now()
        requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.now())))
      }
      if (!document.querySelector(`#root ${row}`)) return
      observer.disconnect()
      window.__appRowAt = performance.now()
    }).observe(document, { childList: true, subtree: true })
  }, ROW)
  await signInFromLog(context, { url: pocket.url, log: pocket.log })
  const first = await context.newPage()
  await first.goto(`${pocket.url}/recordings`)
  await first.waitForSelector(ROW)
  await first.evaluate(() => navigator.serviceWorker.ready)
  await first.reload()
  await first.waitForSelector(ROW)
  if (!(await first.evaluate(() => navigator.serviceWorker.controller !== null)))
    throw new Error('the service worker does not control the page')
  // A build that keeps the drawn list for the next start (data/kept-screen) does so once the page has settled.
  let kept = false
  for (let waited = 0; !kept && waited < 15_000; waited += 250) {
    kept = await first.evaluate(
      async () => (await caches.match('/kept-screen/recordings', { cacheName: 'pocket-kept-screens' })) !== undefined,
    )
    if (!kept) await new Promise((r) => setTimeout(r, 250))
  }

  /** One cold start in a new tab: ms to the first row in the DOM and to its frame. */
  const coldStart = async () => {
    const page = await context.newPage()
    await page.goto(`${pocket.url}/recordings`)
    await page.waitForFunction(() => window.__paintedAt !== undefined && window.__appRowAt !== undefined, null, {
      timeout: 30_000,
    })
    const t = await page.evaluate(() => ({
      row: window.__rowAt,
      painted: window.__paintedAt,
      appRow: window.__appRowAt,
      controlled: navigator.serviceWorker.controller !== null,
    }))
    await page.close()
    return t
  }
  const measure = async () => {
    const out = []
    for (let i = 0; i < runs; i++) out.push(await coldStart())
    return out
  }
  const online = await measure()
  await pocket.stop()
  if (
    await fetch(`${pocket.url}/readyz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error('the server still answers')
  const offline = await measure()
  const summary = (xs) => ({
    rowMs: { median: median(xs.map((x) => x.row)), runs: xs.map((x) => x.row) },
    paintedMs: { median: median(xs.map((x) => x.painted)), runs: xs.map((x) => x.painted) },
    appRowMs: { median: median(xs.map((x) => x.appRow)), runs: xs.map((x) => x.appRow) },
    controlled: xs.every((x) => x.controlled),
  })
  console.log(
    JSON.stringify(
      { runs, keptCopy: kept, serverUp: summary(online), serverStopped: summary(offline) },
      (k, v) => (typeof v === 'number' ? Math.round(v) : v),
      2,
    ),
  )
} finally {
  await browser.close()
  await pocket.stop()
  rmSync(dir, { recursive: true, force: true })
}
