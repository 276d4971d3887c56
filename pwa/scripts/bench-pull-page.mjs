#!/usr/bin/env node
/**
 * Times applying one pulled page to IndexedDB in a real browser (Debian's
 * Chromium through Playwright), the old path (one awaited IndexedDB request
 * after another per change) against the current one (the page read and
 * written in bulk), rounds interleaved in one page, on a page built from the
 * app's own modules (pwa/bench/pullpage/).
 *
 *   node pwa/scripts/bench-pull-page.mjs [--count 500] [--runs 7] [--cpu 1] [--paths before,now]
 *
 * --cpu throttles the CPU (4: a mid-range phone, roughly). --paths picks two
 * of: before (one transaction, a request after another), now (one
 * transaction, in bulk), parts (in bulk, in the transactions the pull lands
 * a page in); each reports its time and its longest task.
 */
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { serveBenchPage } from './bench-page.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'

const here = (p) => fileURLToPath(new URL(p, import.meta.url))
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const COUNT = arg('count', 500)
const RUNS = arg('runs', 7)
const CPU = arg('cpu', 1)
const pathsAt = process.argv.indexOf('--paths')
const [A, B] = pathsAt > 0 ? process.argv[pathsAt + 1].split(',') : ['before', 'now']
const benchPage = await serveBenchPage(here('../bench/pullpage'))
const browser = await chromium.launch(chromiumLaunchOptions())

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`

try {
  const page = await browser.newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await page.goto(benchPage.url)
  await page.waitForFunction(() => document.title === 'ready')
  const run = (path) => page.evaluate(([p, c]) => window.bench.run(p, c), [path, COUNT])
  await run('before') // warm-up, both paths: the first run pays for compiling the code
  await run('now')
  const times = { [A]: [], [B]: [] }
  const longest = { [A]: [], [B]: [] }
  let changes = 0
  for (let i = 0; i < RUNS; i++) {
    for (const path of i % 2 ? [B, A] : [A, B]) {
      const r = await run(path)
      times[path].push(r.ms)
      longest[path].push(r.longestTask)
      changes = r.changes
    }
  }
  console.log(
    `Chromium ${browser.version()}, CPU ${CPU}×, a page of ${changes} changes, ${RUNS} runs each, interleaved`,
  )
  for (const path of [A, B])
    console.log(`  ${path.padEnd(7)} landed in ${fmt(times[path])}; longest task ${fmt(longest[path])}`)
} finally {
  await browser.close()
  benchPage.close()
}
