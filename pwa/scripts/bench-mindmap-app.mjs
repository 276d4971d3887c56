#!/usr/bin/env node
/**
 * Opening the Mind map tab of a recording whose map has 2,000 nodes, in the
 * real app served by the real `pocket serve` (build it first: `make build`),
 * measured in Debian's Chromium with Playwright.
 *
 *   node pwa/scripts/bench-mindmap-app.mjs [--nodes 2000] [--runs 15] [--width 1280 --height 800]
 *
 * It imports one recording (fixture 01 with a generated flow map) into a fresh
 * data dir, starts the server on a free loopback port, signs in, and for each
 * run loads the recording in a new page, waits until the page is idle (a user
 * reads the summary before clicking) and clicks the tab. Each run is the first
 * map that page draws. Figures:
 *  - clickToPaintMs: from the click event to the end of the first frame
 *    showing the map (its tree and edges in the DOM, that frame painted);
 *  - eventTimingMs: the click's duration from the browser's Event Timing API
 *    (input to next paint, what INP is made of; 8 ms granularity);
 *  - atOnce: the same with the click sent the moment the tab shows, before
 *    the page has had any idle time;
 *  - baseline: the same click-to-paint for the Actionable tab of the same
 *    recording (a short list), the cost of switching tabs at all, in the same run.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { runnerImport } from 'vite'
import { chromiumLaunchOptions } from './chromium.mjs'
import { signInFromLog } from './bench-session.mjs'
import { startPocket } from './pocket-server.mjs'
import { settled } from './page-idle.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { values: opt } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '15' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
  },
})
const RECORDING = 'rec_bench_mind_map'

/** Fixture 01 as a new recording whose only mind map is a generated flow map of `nodes` nodes. */
async function importFile(nodes) {
  const { module } = await runnerImport(join(root, 'pwa/src/features/mindmap/generateFlowMap.ts'))
  const file = JSON.parse(readFileSync(join(root, 'fixtures/recordings/01-weekly-product-sync.json'), 'utf8'))
  const [summarization] = Object.values(file.summarizations)
  for (const key of Object.keys(summarization)) if (/mindmap$/i.test(key)) delete summarization[key]
  delete summarization.v2
  summarization.id = 'sum_bench_mind_map'
  summarization.recordingId = RECORDING
  summarization.mindMap = JSON.stringify({ type: 'flow', nodes: module.generateFlowMap(nodes, 1) })
  file.summarizations = { [summarization.id]: summarization }
  file.recording = {
    ...file.recording,
    id: RECORDING,
    title: `A ${nodes}-node mind map`,
    name: `A ${nodes}-node mind map`,
  }
  return file
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' })
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    )
  })
}

/** Runs in the page before the click: resolves with the two figures once `shown` (a selector) has been painted. */
function watchTabOpening(shown) {
  window.__opening = new Promise((resolve) => {
    let eventTimingMs = null
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'click') eventTimingMs = entry.duration
    }).observe({ type: 'event', durationThreshold: 16, buffered: false })
    document.addEventListener(
      'click',
      (event) => {
        const clickAt = event.timeStamp
        const frame = () =>
          requestAnimationFrame(() => {
            if (!document.querySelector(shown)) return frame()
            // The frame in which it first appears has now been produced: measure when it is done.
            setTimeout(() => {
              const clickToPaintMs = performance.now() - clickAt
              // Event Timing entries arrive after the paint: give the observer a moment.
              setTimeout(() => resolve({ clickToPaintMs, eventTimingMs }), 100)
            }, 0)
          })
        frame()
      },
      { capture: true, once: true },
    )
  })
}

// The map is shown once its connectors are drawn: they come with the cards in view, after the fit.
const MIND_MAP = { name: 'Mind map', shown: '.detail__panel--mindmap:not([hidden]) path.mm-edges' }
const ACTIONABLE = { name: 'Actionable', shown: '.detail__panel--actionable:not([hidden]) li' }

async function openTab(context, url, { name, shown }, waitForIdle) {
  const page = await context.newPage()
  await page.goto(`${url}/recordings/${RECORDING}`)
  const tab = page.getByRole('tab', { name })
  await tab.waitFor()
  if (waitForIdle) await page.evaluate(settled)
  await page.evaluate(watchTabOpening, shown)
  await tab.click()
  const result = await page.evaluate(() => window.__opening)
  await page.close()
  return result
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const summary = (results, key) => {
  const xs = results.map((r) => r[key]).filter((x) => x !== null)
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs }
}

const dir = mkdtempSync(join(tmpdir(), 'pocket-mindmap-app-'))
const nodes = Number(opt.nodes)
writeFileSync(join(dir, 'map.json'), JSON.stringify(await importFile(nodes)))
await run(join(root, 'bin/pocket'), ['import', '--user', 'demo@example.com', join(dir, 'map.json')], {
  POCKET_DATA_DIR: join(dir, 'data'),
})
const server = await startPocket({ dataDir: join(dir, 'data'), log: join(dir, 'pocket.log') })
const browser = await chromium.launch(chromiumLaunchOptions())
try {
  const context = await browser.newContext({ viewport: { width: Number(opt.width), height: Number(opt.height) } })
  await signInFromLog(context, { url: server.url, log: server.log })
  await openTab(context, server.url, MIND_MAP, true) // the first load fills the HTTP cache and compiles the app once
  const idle = []
  const atOnce = []
  const baseline = []
  for (let i = 0; i < Number(opt.runs); i++) {
    idle.push(await openTab(context, server.url, MIND_MAP, true))
    atOnce.push(await openTab(context, server.url, MIND_MAP, false))
    baseline.push(await openTab(context, server.url, ACTIONABLE, true))
  }
  const [load1] = readFileSync('/proc/loadavg', 'utf8').split(' ')
  console.log(
    JSON.stringify(
      {
        loadAverage1m: load1,
        nodes,
        runs: Number(opt.runs),
        viewport: { width: Number(opt.width), height: Number(opt.height) },
        afterIdle: { clickToPaintMs: summary(idle, 'clickToPaintMs'), eventTimingMs: summary(idle, 'eventTimingMs') },
        atOnce: { clickToPaintMs: summary(atOnce, 'clickToPaintMs'), eventTimingMs: summary(atOnce, 'eventTimingMs') },
        baselineActionableTab: {
          clickToPaintMs: summary(baseline, 'clickToPaintMs'),
          eventTimingMs: summary(baseline, 'eventTimingMs'),
        },
      },
      (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v),
      2,
    ),
  )
} finally {
  await browser.close()
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}
