#!/usr/bin/env node
// The long tasks of a first load and what ran in each: a cold visit (fresh
// context, no service worker) of one screen with the CPU slowed 4× as in
// Lighthouse's mobile preset, traced by Chromium (tasks and V8's sampling
// profiler on one clock). Lighthouse's Total Blocking Time is the sum, over
// the main thread's tasks after the first paint, of each one's time beyond
// 50 ms; this names the functions inside each such task, so the work behind
// the figure can be found. A build with readable names helps
// (`npx vite build --minify false`).
//
//   node pwa/scripts/profile-tasks.mjs [--screen list|detail|shared] [--bin path/to/pocket] [--top 8] [--nested] [--cpu 1]
//   node pwa/scripts/profile-tasks.mjs --trace lighthouse-trace.json [--top 8] [--nested]
//
// --trace reads a run Lighthouse recorded (`npm run bench:lighthouse -- --trace
// dir`): its tasks were observed at full speed, and are shown 4× longer, as
// Lighthouse's simulation times them.
//
// --cpu 1 loads at full speed and scales every time by 4, as Lighthouse's
// simulated throttling does: the network then answers sooner than the work
// is done, so updates bunch up into the tasks Lighthouse actually re-times.
// --nested lists every traced event inside a task, not only the outermost
// (IndexedDB's request handlers under a "Receive mojo reply", for example).
import { chromium } from '@playwright/test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
    top: { type: 'string', default: '8' },
    nested: { type: 'boolean', default: false },
    cpu: { type: 'string', default: '4' },
    trace: { type: 'string' },
  },
})
const LONG_MS = 50
const CPU_RATE = opt.trace ? 1 : Number(opt.cpu)
/** Observed time to the 4× slower phone Lighthouse's mobile preset stands for. */
const SCALE = 4 / CPU_RATE
const CATEGORIES = [
  'toplevel',
  'IndexedDB',
  'v8',
  'blink',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
]

if (opt.trace) {
  const trace = JSON.parse(readFileSync(opt.trace, 'utf8'))
  const events = trace.traceEvents ?? trace
  const origin = events
    .map((e) => String(e.args?.data?.documentLoaderURL ?? ''))
    .find((u) => u.startsWith('http://127.0.0.1'))
  report(events, Number(opt.top), new URL(origin).origin)
} else {
  await profileLoad()
}

async function profileLoad() {
  const dir = mkdtempSync(join(tmpdir(), 'pocket-tasks-'))
  const pocket = await startPocket({
    dataDir: join(dir, 'data'),
    log: join(dir, 'pocket.log'),
    seed: true,
    ...(opt.bin ? { bin: opt.bin } : {}),
  })
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const { page, url } = await slowPhonePage(browser, pocket, opt.screen, CPU_RATE)
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.goto(url)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(4000)
    const trace = JSON.parse((await browser.stopTracing()).toString())
    report(trace.traceEvents ?? trace, Number(opt.top), pocket.url)
  } finally {
    await browser.close()
    await pocket.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Each long task of the page's main thread, from navigation: start, length, and its heaviest functions. */
function report(events, top, origin) {
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && navigatesTo(events, e, origin),
  )
  if (!main) throw new Error('no renderer main thread in the trace')
  const on = (e) => e.pid === main.pid && e.tid === main.tid
  const start =
    events.find(
      (e) => on(e) && e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
    )?.ts ?? Math.min(...events.filter(on).map((e) => e.ts))
  const fcp = events.find((e) => on(e) && e.name === 'firstContentfulPaint')?.ts
  const tasks = events.filter(
    (e) => on(e) && e.ph === 'X' && e.name === 'RunTask' && e.dur * SCALE >= LONG_MS * 1000 && e.ts >= start,
  )
  const samples = cpuSamples(events, main)
  const ms = (us) => Math.round(us / 1000)
  const scaled = (us) => Math.round((us * SCALE) / 1000)
  console.log(
    `first contentful paint at ${fcp ? ms(fcp - start) : '?'} ms; long tasks (≥ ${LONG_MS} ms at 4× CPU${SCALE === 1 ? '' : `, observed at ${CPU_RATE}× and scaled`}):`,
  )
  let blocking = 0
  for (const task of tasks) {
    const afterPaint = fcp !== undefined && task.ts >= fcp
    if (afterPaint) blocking += (task.dur * SCALE) / 1000 - LONG_MS
    console.log(
      `\n${String(ms(task.ts - start)).padStart(6)} ms  for ${scaled(task.dur)} ms${afterPaint ? '' : '  (before the first paint)'}`,
    )
    console.log(`    work: ${kindsOfWork(events.filter(on), task)}`)
    for (const [name, t] of heaviest(samples, task, top))
      console.log(`    ${String(Math.round(t)).padStart(5)} ms  ${name}`)
  }
  console.log(
    `\nblocking time after the first paint: ${Math.round(blocking)} ms (unsimulated; Lighthouse re-times the tasks)`,
  )
}

/**
 * The task's time by the browser's own kinds of work (script, layout, style,
 * parsing, IndexedDB, ...): the outermost traced events inside it (with
 * --nested, all of them, so nested times add up to more than the task).
 */
function kindsOfWork(threadEvents, task) {
  const end = task.ts + task.dur
  const inside = threadEvents.filter(
    (e) =>
      e.ph === 'X' &&
      !/RunTask|Scheduler|ThreadController/.test(e.name) &&
      e.ts >= task.ts &&
      e.ts + (e.dur ?? 0) <= end &&
      e.dur > 0,
  )
  const outermost = opt.nested
    ? inside
    : inside.filter(
        (e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur),
      )
  const by = new Map()
  for (const e of outermost) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000)
  return (
    [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, opt.nested ? 14 : 5)
      .map(([n, t]) => `${n} ${Math.round(t * SCALE)} ms`)
      .join(', ') || 'none traced'
  )
}

/** Whether the thread loaded a page of the server's (other renderers, the browser's own pages, run beside it). */
function navigatesTo(events, thread, origin) {
  return events.some(
    (e) =>
      e.pid === thread.pid &&
      e.tid === thread.tid &&
      e.name === 'navigationStart' &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
  )
}

/** V8's samples on the main thread as {ts, stack: frame names from the leaf up}. */
function cpuSamples(events, main) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid)
  if (!profile) return []
  const nodes = new Map()
  const out = []
  let ts = profile.args.data.startTime
  // Profile ids restart in each process: the chunks are the main thread's process's.
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid && e.id === profile.id)) {
    const data = chunk.args.data
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n)
    const ids = data.cpuProfile?.samples ?? []
    ids.forEach((id, i) => {
      ts += data.timeDeltas[i] ?? 0
      out.push({ ts, id })
    })
  }
  const frameName = (n) => {
    const f = n.callFrame
    const file = (f.url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js')
    return `${f.functionName || '(anonymous)'} ${file}${file ? `:${(f.lineNumber ?? 0) + 1}` : ''}`
  }
  return out.map(({ ts, id }) => {
    const stack = []
    for (let n = nodes.get(id); n; n = nodes.get(n.parent)) stack.push(frameName(n))
    return { ts, stack }
  })
}

/**
 * The functions that took the task's time: time in each function or what it
 * called (app chunks and the leaf, so native work such as layout shows too).
 */
function heaviest(samples, task, top) {
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts < task.ts + task.dur)
  const per = inside.length ? (task.dur * SCALE) / 1000 / inside.length : 0
  const total = new Map()
  for (const { stack } of inside) {
    const names = new Set([stack[0], ...stack.filter((f) => /\/assets\/(?!vendor-)/.test(f))])
    for (const name of names) total.set(name, (total.get(name) ?? 0) + per)
  }
  return [...total].sort((a, b) => b[1] - a[1]).slice(0, top)
}
