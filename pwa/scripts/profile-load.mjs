#!/usr/bin/env node
// Where a first load's main-thread time goes: a cold visit (fresh context, no
// service worker) of one screen with the CPU slowed 4× as in Lighthouse's
// mobile preset, sampled by V8's profiler until the page has been idle, then
// busy time per 500 ms, self time per function and total time per app
// function. For finding what blocks the main thread; a build with readable
// names helps (`npx vite build --minify false`). The shared screen is opened
// signed out, from a share link made for the run.
//
//   node pwa/scripts/profile-load.mjs [--screen list|detail|shared] [--bin path/to/pocket] [--top 40] [--slots]
//
// --slots also names the heaviest app functions of each 500 ms (what each
// stretch of busy time was doing).
import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { slowPhonePage } from './bench-session.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'
import { startPocket } from './pocket-server.mjs'

const { values: opt } = parseArgs({
  options: {
    screen: { type: 'string', default: 'list' },
    bin: { type: 'string' },
    top: { type: 'string', default: '40' },
    slots: { type: 'boolean', default: false },
  },
})

const dir = mkdtempSync(join(tmpdir(), 'pocket-profile-'))
const pocket = await startPocket({
  dataDir: join(dir, 'data'),
  log: join(dir, 'pocket.log'),
  seed: true,
  ...(opt.bin ? { bin: opt.bin } : {}),
})
const browser = await chromium.launch(chromiumLaunchOptions())
try {
  const { page, cdp, url } = await slowPhonePage(browser, pocket, opt.screen)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(3000)
  const { profile } = await cdp.send('Profiler.stop')
  report(profile, Number(opt.top), opt.slots)
} finally {
  await browser.close()
  await pocket.stop()
  rmSync(dir, { recursive: true, force: true })
}

/**
 * Self and total time per function (ms, at the throttled rate), heaviest
 * first, and busy time per 500 ms of the load.
 */
function report(profile, top, slots) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (n) => {
    const f = n.callFrame
    const file = f.url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js')
    return `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`
  }
  const self = new Map()
  const total = new Map()
  const busyPerSlot = []
  const appPerSlot = []
  let at = 0
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    at += (profile.timeDeltas[i] ?? 0) / 1000
    const key = name(byId.get(id))
    self.set(key, (self.get(key) ?? 0) + ms)
    if (key.startsWith('(idle)')) return
    const slot = Math.floor(at / 500)
    busyPerSlot[slot] = (busyPerSlot[slot] ?? 0) + ms
    const seen = new Set()
    for (let n = id; n !== undefined; n = parent.get(n)) seen.add(name(byId.get(n)))
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + ms)
    appPerSlot[slot] ??= new Map()
    for (const k of seen) if (isApp(k)) appPerSlot[slot].set(k, (appPerSlot[slot].get(k) ?? 0) + ms)
  })
  const sum = [...self.values()].reduce((a, b) => a + b, 0)
  console.log(`sampled ${Math.round(sum)} ms, busy ${Math.round(sum - (self.get('(idle)  :0') ?? 0))} ms`)
  console.log(`busy per 500 ms: ${Array.from(busyPerSlot, (ms) => Math.round(ms ?? 0)).join(' ')}`)
  const heaviest = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top)
  console.log('\nself time')
  for (const [key, ms] of heaviest(self)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`)
  console.log('\ntotal time (app code)')
  const app = new Map([...total].filter(([k]) => isApp(k)))
  for (const [key, ms] of heaviest(app)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${key}`)
  if (!slots) return
  console.log('\nheaviest app functions per 500 ms (total time)')
  appPerSlot.forEach((m, slot) => {
    const named = [...m].sort((a, b) => b[1] - a[1]).slice(0, 6)
    console.log(
      `${String(slot * 500).padStart(6)} ms: ${named.map(([k, ms]) => `${k.replace(/\s+\/assets\//, ' ')} ${Math.round(ms)}`).join(' | ')}`,
    )
  })
}

/** A frame of the app's own chunks (not a vendor chunk, not the browser). */
function isApp(key) {
  return /\/assets\/(?!vendor-)/.test(key)
}
