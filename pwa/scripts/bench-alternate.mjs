// What the browser benchmarks that compare builds share (bench-first-sync,
// bench-keep-offline): runs that alternate between builds of pocket on one
// data dir, so drift in the machine's load falls on all of them; one sign-in
// for the whole bench; a V8 CPU profile of a run's page; medians and ranges.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { signInFromLog } from './bench-session.mjs'
import { freePort, startPocket } from './pocket-server.mjs'

/** "now=bin/pocket,base=/tmp/pocket-base" as [{ label, bin }]. */
export const parseBins = (text) =>
  text.split(',').map((pair) => {
    const [label, bin] = pair.split('=')
    return { label, bin }
  })

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const range = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`
export const sec = (ms) => `${(ms / 1000).toFixed(1)} s`
export const int = (x) => `${Math.round(x)}`

/** Rows in the recordings store, or 0 before the app has made it: run in the page (page.evaluate). */
export const storedRows = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('pocket')
    open.onsuccess = () => {
      const idb = open.result
      if (!idb.objectStoreNames.contains('recordings')) return (idb.close(), resolve(0))
      const req = idb.transaction('recordings').objectStore('recordings').count()
      req.onsuccess = () => (idb.close(), resolve(req.result))
    }
    open.onerror = () => resolve(0)
  })

/** Starts the page's V8 CPU profiler (CDP), sampling every 0.5 ms. */
export async function startProfile(cdp) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
  await cdp.send('Profiler.start')
}

export async function stopProfile(cdp, file) {
  writeFileSync(file, JSON.stringify((await cdp.send('Profiler.stop')).profile))
}

/**
 * The page's first dedicated worker (the sync worker), attached from its first line: the page's
 * session attaches to each worker as it starts, paused, and `onStart(send)` runs before it does.
 * Workers have no flat session here, so commands go through Target.sendMessageToTarget; `send`
 * answers a command's result, or null before the worker has started.
 */
export async function attachWorker(cdp, onStart = async () => {}) {
  let worker = null
  let nextId = 1
  const pending = new Map()
  const sendTo = (sessionId, method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
    })
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const msg = JSON.parse(message)
    pending.get(msg.id)?.(msg.result)
    pending.delete(msg.id)
  })
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo, waitingForDebugger }) => {
    if (targetInfo.type === 'worker' && !worker) {
      worker = sessionId
      await onStart((method, params) => sendTo(sessionId, method, params))
    }
    if (waitingForDebugger) await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger')
  })
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false })
  return { send: async (method, params) => (worker ? sendTo(worker, method, params) : null) }
}

/** Starts a worker's CPU profiler: attachWorker's onStart, so the profile runs from the worker's first line. */
export async function startWorkerProfile(send) {
  await send('Profiler.enable')
  await send('Profiler.setSamplingInterval', { interval: 500 })
  await send('Profiler.start')
}

export async function stopWorkerProfile(worker, file) {
  const result = await worker.send('Profiler.stop')
  if (result) writeFileSync(file, JSON.stringify(result.profile))
}

/**
 * What the device holds once a run is over: the page's and the worker's JavaScript heaps (used,
 * after a collection) and what the origin keeps in IndexedDB, in bytes. A worker is null when
 * the page started none.
 */
export async function footprint(cdp, worker, origin) {
  const heap = async (send) => {
    const collected = await send('HeapProfiler.collectGarbage')
    if (collected === null) return null
    return (await send('Runtime.getHeapUsage')).usedSize
  }
  const usage = await cdp.send('Storage.getUsageAndQuota', { origin })
  const idb = usage.usageBreakdown.find((u) => u.storageType === 'indexeddb')?.usage ?? 0
  return {
    page: await heap((method, params) => cdp.send(method, params)),
    worker: worker ? await heap(worker.send) : null,
    idb,
  }
}

/**
 * For each CPU rate, `runs` rounds over the builds (every other round in
 * reverse order), each run on a fresh `pocket serve` of its build; the port
 * stays, so the one sign-in's session does. `run({ label, cpu, i, pocket,
 * state, profileTo })` answers its figures with the session as it left it
 * (`state`); profileTo is where its CPU profile goes when `profile` names a
 * directory. Answers the figures by "label\tcpu".
 */
export async function alternateBuilds({ browser, bins, cpus, runs, dataDir, log, email, profile }, run) {
  if (profile) mkdirSync(profile, { recursive: true })
  const port = await freePort()
  const results = new Map()
  let state
  for (const cpu of cpus) {
    for (let i = 0; i < runs; i++) {
      for (const { label, bin } of i % 2 ? [...bins].reverse() : bins) {
        const pocket = await startPocket({ dataDir, log, bin, port })
        try {
          state ??= await signedIn(browser, pocket, email)
          const profileTo = profile && join(profile, `${label}-cpu${cpu}-run${i}.cpuprofile`)
          const r = await run({ label, cpu, i, pocket, state, profileTo })
          state = r.state
          const key = `${label}\t${cpu}`
          results.set(key, [...(results.get(key) ?? []), r])
        } finally {
          await pocket.stop()
        }
      }
    }
  }
  return results
}

async function signedIn(browser, pocket, email) {
  const context = await browser.newContext()
  await signInFromLog(context, { url: pocket.url, log: pocket.log, email })
  const s = await context.storageState()
  await context.close()
  return s
}
