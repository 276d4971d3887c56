#!/usr/bin/env node
// Recordings list with a large library in IndexedDB: time to first rows and
// scroll frame times, measured in Debian's Chromium (headless) with Playwright.
//
//   bin/pocket fixtures gen --count 10000 --out /tmp/lib
//   POCKET_DATA_DIR=/tmp/lib-data bin/pocket import --user demo@example.com /tmp/lib
//   POCKET_ADDR=127.0.0.1:8090 POCKET_DATA_DIR=/tmp/lib-data POCKET_SEED=none bin/pocket serve 2>/tmp/lib.log &
//   node pwa/scripts/bench-list.mjs --url http://127.0.0.1:8090 --log /tmp/lib.log --lib /tmp/lib
//
// The library is also written straight into IndexedDB (the dashboard shape:
// the recording plus its first summary), as a returning user's device holds it.
// Figures: median of --runs reloads for first rows (from navigation start to the
// first row in the DOM), with the server answering and with the dashboard
// unreachable (device only); then frame-to-frame times (requestAnimationFrame
// deltas) while the page scrolls --px pixels per frame for --frames frames.
import { chromium } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromiumLaunchOptions } from './chromium.mjs'
import { signInFromLog } from './bench-session.mjs'

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8090' },
    log: { type: 'string' },
    lib: { type: 'string' },
    email: { type: 'string', default: 'demo@example.com' },
    runs: { type: 'string', default: '5' },
    frames: { type: 'string', default: '1200' },
    px: { type: 'string', default: '60' },
  },
})
if (!opt.log || !opt.lib)
  throw new Error('--log (the server log, for the sign-in code) and --lib (the generated files) are required')

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]

/** The dashboard item of an import file: the recording and its first summary (docs/api.md). */
function dashboardItem(file) {
  const first = Object.values(file.summarizations ?? {})[0]
  const summary = first?.v2Summary ?? first?.summary
  const at = file.recording.recordingAt ?? file.recording.updatedAt ?? file.recording.createdAt
  const sortKey = at ? new Date(/(Z|[+-]\d\d:?\d\d)$/.test(at) ? at : `${at}Z`).toISOString() : ''
  return {
    id: file.recording.id,
    sortKey,
    data: summary === undefined ? file.recording : { ...file.recording, summarization: { summary } },
  }
}

async function fillIndexedDB(page) {
  const files = readdirSync(opt.lib).filter((f) => f.endsWith('.json'))
  for (let i = 0; i < files.length; i += 1000) {
    const rows = files.slice(i, i + 1000).map((f) => dashboardItem(JSON.parse(readFileSync(join(opt.lib, f), 'utf8'))))
    await page.evaluate(
      (rows) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('pocket')
          open.onsuccess = () => {
            const tx = open.result.transaction('recordings', 'readwrite')
            for (const row of rows) tx.objectStore('recordings').put(row)
            tx.oncomplete = () => (open.result.close(), resolve())
            tx.onerror = () => reject(new Error('IndexedDB write failed', { cause: tx.error }))
          }
          open.onerror = () => reject(new Error('indexedDB.open failed', { cause: open.error }))
        }),
      rows,
    )
  }
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('pocket')
        open.onsuccess = () => {
          const req = open.result.transaction('recordings').objectStore('recordings').count()
          req.onsuccess = () => (open.result.close(), resolve(req.result))
        }
      }),
  )
}

/** ms from navigation start until the first recording row is in the DOM. */
async function firstRows(page) {
  await page.goto(`${opt.url}/recordings`)
  await page.waitForSelector('.rec-row')
  return page.evaluate(() => window.__firstRowAt)
}

async function scrollFrames(page) {
  await page.evaluate(() => window.scrollTo(0, 0))
  return page.evaluate(
    ({ frames, px }) =>
      new Promise((resolve) => {
        const deltas = []
        let last = performance.now()
        let n = 0
        const step = (now) => {
          deltas.push(now - last)
          last = now
          window.scrollBy(0, px)
          if (++n < frames) requestAnimationFrame(step)
          else
            resolve({ deltas: deltas.slice(1), rows: document.querySelectorAll('.rec-row').length, y: window.scrollY })
        }
        requestAnimationFrame(step)
      }),
    { frames: Number(opt.frames), px: Number(opt.px) },
  )
}

const browser = await chromium.launch(chromiumLaunchOptions())
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
await context.addInitScript(() => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('.rec-row')) {
      window.__firstRowAt = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
})
await signInFromLog(context, { url: opt.url, log: opt.log, email: opt.email })
const page = await context.newPage()
await page.goto(`${opt.url}/recordings`)
await page.waitForSelector('.rec-row')
const stored = await fillIndexedDB(page)

const online = []
for (let i = 0; i < Number(opt.runs); i++) online.push(await firstRows(page))
await page.route('**/api/v1/recordings/dashboard**', (route) => route.abort('connectionrefused'))
const deviceOnly = []
for (let i = 0; i < Number(opt.runs); i++) deviceOnly.push(await firstRows(page))
await page.unroute('**/api/v1/recordings/dashboard**')

await firstRows(page)
const scroll = await scrollFrames(page)
const d = scroll.deltas
console.log(
  JSON.stringify(
    {
      recordingsInIndexedDB: stored,
      firstRowsMs: {
        withServer: { median: median(online), runs: online },
        deviceOnly: { median: median(deviceOnly), runs: deviceOnly },
      },
      scroll: {
        frames: d.length,
        pxPerFrame: Number(opt.px),
        scrolledPx: scroll.y,
        rowsInDom: scroll.rows,
        frameMs: { p50: median(d), p95: pct(d, 95), p99: pct(d, 99), max: Math.max(...d) },
        over16_7ms: d.filter((x) => x > 16.7 + 1).length,
        over33ms: d.filter((x) => x > 33.4).length,
      },
    },
    (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v),
    2,
  ),
)
await browser.close()
