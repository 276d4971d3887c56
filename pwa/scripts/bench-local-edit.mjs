#!/usr/bin/env node
/**
 * A local edit until the screen shows it, on a device holding the whole library: a fresh
 * browser context signs in to `pocket serve` on an imported library, opens /recordings and
 * waits until IndexedDB holds every recording (the first sync, bench-first-sync's clock), then
 *   - presses Star / Unstar on the list's rows, --edits times, a row after another;
 *   - renames a recording on its screen (Edit title, type, Enter), --edits / 4 times.
 * Each edit is timed in the page from its input event's timeStamp (the browser's receipt of the
 * press) to the first DOM change showing it (MutationObserver), and to the next animation frame
 * after that (the frame that paints it; at 60 frames a second it adds 0–17 ms by itself). Event
 * Timing counts the interactions of 16 ms or more (its least threshold) and their longest.
 *
 *   node pwa/scripts/bench-local-edit.mjs --data /tmp/data10k --count 10000 \
 *     --bins now=bin/pocket,base=/tmp/pocket-base [--edits 100] [--runs 3] [--cpu 1,4]
 *
 * --bins: label=binary pairs (builds of pocket, the PWA embedded), alternated run by run.
 * --profile dir: a V8 CPU profile of the page over each run's edits.
 */
import { chromium } from '@playwright/test'
import { parseArgs } from 'node:util'
import { alternateBuilds, median, parseBins, startProfile, stopProfile, storedRows } from './bench-alternate.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'

const { values: opt } = parseArgs({
  options: {
    data: { type: 'string' },
    count: { type: 'string', default: '10000' },
    bins: { type: 'string', default: 'now=bin/pocket' },
    cpu: { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    edits: { type: 'string', default: '100' },
    limit: { type: 'string', default: '300' },
    email: { type: 'string', default: 'demo@example.com' },
    log: { type: 'string', default: '/tmp/bench-local-edit.log' },
    profile: { type: 'string' },
  },
})
if (!opt.data) throw new Error('--data (a data dir holding an imported library) is required')
const COUNT = Number(opt.count)
const EDITS = Number(opt.edits)

/** Runs in the page before its scripts: the input events' times, and Event Timing's slow interactions. */
function observeInteractions() {
  window.__inputs = []
  for (const type of ['click', 'keydown'])
    document.addEventListener(type, (e) => window.__inputs.push(e.timeStamp), { capture: true })
  window.__slow = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__slow.push({ id: e.interactionId, name: e.name, ms: e.duration })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
}

/**
 * Resolves, in the page, once `shows()` is true after a DOM change: the last input's time to
 * that change and to the next frame.
 */
function whenShown(shows) {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!shows()) return
      const changed = performance.now()
      observer.disconnect()
      requestAnimationFrame((frame) => {
        const input = window.__inputs.at(-1)
        resolve({ dom: changed - input, frame: Math.max(frame, changed) - input })
      })
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })
}

async function untilSynced(page) {
  const giveUp = Date.now() + Number(opt.limit) * 1000
  while ((await page.evaluate(storedRows)) < COUNT) {
    if (Date.now() > giveUp) throw new Error(`the first sync did not finish in ${opt.limit} s`)
    await page.waitForTimeout(250)
  }
  await page.waitForTimeout(1000) // the last page's redraws and the search index's notices
}

/** Presses the star of `edits` rows in turn; each press's times. */
async function stars(page, edits) {
  const times = []
  const rows = page.locator('.rec-row__actions')
  const onScreen = Math.min(8, await rows.count())
  for (let i = 0; i < edits; i++) {
    const button = rows
      .nth(i % onScreen)
      .locator('.flag-toggle')
      .first()
    const was = await button.getAttribute('aria-pressed')
    const shown = page.evaluate(
      ([index, before]) => {
        const pressed = () => document.querySelectorAll('.rec-row__actions .flag-toggle:first-child')[index]
        return window.__whenShown(() => pressed()?.getAttribute('aria-pressed') !== before)
      },
      [i % onScreen, was],
    )
    await button.click()
    times.push(await shown)
  }
  return times
}

/** Renames the first recording `edits` times on its screen; each rename's times. */
async function renames(page, edits) {
  await page.locator('.rec-row__title').first().click()
  const heading = page.locator('h1').first()
  await heading.waitFor()
  const times = []
  for (let i = 0; i < edits; i++) {
    const title = `Renamed ${i} ${Date.now()}`
    await page.getByRole('button', { name: 'Edit title' }).click()
    const box = page.getByRole('textbox', { name: 'Title' })
    await box.fill(title)
    const shown = page.evaluate(
      (want) => window.__whenShown(() => document.querySelector('h1')?.textContent?.includes(want)),
      title,
    )
    await box.press('Enter')
    times.push(await shown)
  }
  return times
}

async function localEdits(browser, pocket, state, cpu, profileTo) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: state,
    serviceWorkers: 'block',
  })
  await context.addInitScript(observeInteractions)
  await context.addInitScript(`window.__whenShown = ${whenShown.toString()}`)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await page.goto(`${pocket.url}/recordings`)
  await untilSynced(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
  await page.evaluate(() => (window.__slow.length = 0))
  if (profileTo) await startProfile(cdp)
  const star = await stars(page, EDITS)
  const starSlow = slowest(await page.evaluate(() => window.__slow.splice(0)), /^(pointer|click)/)
  const rename = await renames(page, Math.max(1, Math.round(EDITS / 4)))
  const renameSlow = slowest(await page.evaluate(() => window.__slow.splice(0)), /^key/)
  if (profileTo) await stopProfile(cdp, profileTo)
  const after = { cookies: (await context.storageState()).cookies, origins: [] }
  await context.close()
  return { state: after, star, starSlow, rename, renameSlow }
}

/**
 * Event Timing's entries of the edits' own inputs (the presses of Star, the Enter that saves; not
 * the clicks that open a title's box) as each interaction's longest.
 */
function slowest(entries, input) {
  const byInteraction = new Map()
  for (const { id, name, ms } of entries)
    if (input.test(name)) byInteraction.set(id, Math.max(ms, byInteraction.get(id) ?? 0))
  return [...byInteraction.values()]
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]
const ms = (x) => x.toFixed(1)

function summary(label, cpu, runs, kind) {
  const all = runs.flatMap((r) => r[kind])
  const slow = runs.flatMap((r) => r[`${kind}Slow`])
  const dom = all.map((t) => t.dom)
  const frame = all.map((t) => t.frame)
  const slowText = `${slow.length} of ${all.length}${slow.length ? `, longest ${Math.max(...slow)} ms` : ''}`
  return `| ${label} | ${cpu}× | ${kind} | ${all.length} | ${ms(median(dom))} / ${ms(pct(dom, 95))} / ${ms(Math.max(...dom))} | ${ms(median(frame))} / ${ms(pct(frame, 95))} | ${slowText} |`
}

const browser = await chromium.launch(chromiumLaunchOptions())
let results
try {
  const bins = parseBins(opt.bins)
  const cpus = opt.cpu.split(',').map(Number)
  results = await alternateBuilds(
    {
      browser,
      bins,
      cpus,
      runs: Number(opt.runs),
      dataDir: opt.data,
      log: opt.log,
      email: opt.email,
      profile: opt.profile,
    },
    async ({ label, cpu, i, pocket, state, profileTo }) => {
      const r = await localEdits(browser, pocket, state, cpu, profileTo)
      console.error(
        `${label} cpu ${cpu}× run ${i}: star p95 ${ms(
          pct(
            r.star.map((t) => t.dom),
            95,
          ),
        )} ms, rename p95 ${ms(
          pct(
            r.rename.map((t) => t.dom),
            95,
          ),
        )} ms`,
      )
      return r
    },
  )
} finally {
  await browser.close()
}

console.log(`Chromium ${browser.version()}, ${COUNT} recordings on the device, desktop 1280×800`)
console.log(
  '| build | CPU | edit | edits | input → DOM shows it, ms: median / p95 / max | input → next frame, ms: median / p95 | Event Timing ≥ 16 ms |',
)
console.log('|---|---|---|---|---|---|---|')
for (const [key, runs] of results) {
  const [label, cpu] = key.split('\t')
  for (const kind of ['star', 'rename']) console.log(summary(label, cpu, runs, kind))
}
