// Mind map benchmark: builds the bench page (pwa/bench/mindmap/), serves it on loopback, and
// drives Debian's Chromium with Playwright. Prints JSON with medians over the runs,
// and the 1-minute load average: on a shared machine, read the numbers with it.
//   node pwa/scripts/bench-mindmap.mjs [--nodes 2000] [--runs 7] [--width 1280 --height 800]
// Not part of any test suite: numbers are measured, not asserted.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { serveBenchPage } from './bench-page.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'

const page = fileURLToPath(new URL('../bench/mindmap', import.meta.url))
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const nodes = Number(arg('nodes', 2000))
const runs = Number(arg('runs', 7))
const viewport = { width: Number(arg('width', 1280)), height: Number(arg('height', 800)) }

const benchPage = await serveBenchPage(page)
const url = `${benchPage.url}?nodes=${nodes}`

const browser = await chromium.launch(chromiumLaunchOptions())
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]
const samples = []
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage({ viewport })
  await page.goto(url)
  await page.waitForFunction(() => window.__bench, null, { polling: 250, timeout: 60_000 })
  const bench = await page.evaluate(() => window.__bench)
  // Pan at the fitted view, then at 100 % (cards drawn in full, window redrawn as the view moves).
  const panFit = await page.evaluate(() => window.__pan(120, -1200, -600))
  await page.getByRole('button', { name: 'Zoom in' }).click({ clickCount: 5 })
  const pan100 = await page.evaluate(() => window.__pan(120, -2400, -1800))
  // The same first paint when the detail screen prepared the map in idle time (usePrepareMindMap).
  const prepared = await browser.newPage({ viewport })
  await prepared.goto(`${url}&prepare`)
  await prepared.waitForFunction(() => window.__bench, null, { polling: 250, timeout: 60_000 })
  const { firstPaintMs: firstPaintPreparedMs, prepareMs: prepareColdMs } = await prepared.evaluate(() => window.__bench)
  samples.push({ ...bench, firstPaintPreparedMs, prepareColdMs, panFit, pan100 })
  await page.close()
  await prepared.close()
}
await browser.close()
benchPage.close()

const stat = (key) => ({
  median: +median(samples.map((s) => s[key])).toFixed(1),
  all: samples.map((s) => +s[key].toFixed(1)),
})
const frames = (key) => {
  const all = samples.flatMap((s) => s[key])
  return {
    frames: all.length,
    meanMs: +(all.reduce((a, b) => a + b, 0) / all.length).toFixed(1),
    p95Ms: +pct(all, 0.95).toFixed(1),
    maxMs: +Math.max(...all).toFixed(1),
    over25Ms: all.filter((d) => d > 25).length,
  }
}
const [load1] = (await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')
console.log(
  JSON.stringify(
    {
      loadAverage1m: load1,
      nodes: samples[0].nodes,
      runs,
      viewport,
      firstPaintColdMs: stat('firstPaintMs'),
      firstPaintWarmMs: stat('firstPaintWarmMs'),
      firstPaintPreparedMs: stat('firstPaintPreparedMs'),
      prepareColdMs: stat('prepareColdMs'),
      warmStagesMs: { parse: stat('parseMs').median, tree: stat('treeMs').median, layout: stat('layoutMs').median },
      cardsDrawnAtFit: samples[0].detailedCards,
      panAtFit: frames('panFit'),
      panAt100: frames('pan100'),
    },
    null,
    2,
  ),
)
