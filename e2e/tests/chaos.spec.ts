import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { adoptServer, differences, losses, readDevice, readServer, type Counts, type DeviceCopy } from '../support/chaos/check'
import { editOnce, SPEAKERS, type Actor, type Expected } from '../support/chaos/actors'
import { describeFault, drawFaults, heal, runFault, type FaultTargets } from '../support/chaos/faults'
import { seeded } from '../support/chaos/prng'
import { Watch } from '../support/chaos/watch'
import { signInThroughIssuer } from '../support/issuer'
import { freePort, startOwnPocket, type OwnPocket } from '../support/pocket'
import { startToxiproxy, type Toxiproxy } from '../support/toxiproxy'

/**
 * Sync under chaos (docs/adr/0002-sync-chaos.md, e2e/README.md "Chaos"):
 * trials of random edits made through the UI by two tabs of one browser and
 * a tab of a second browser (one user), while Toxiproxy between the browsers
 * and pocket adds latency, throttles, resets and cuts connections, pocket is
 * killed with SIGKILL and started again, and a browser goes offline. Then
 * the network heals; once quiet, the server must hold every edit the UI
 * showed, once, and each browser the server's library.
 *
 * CHAOS_TRIALS trials (`make chaos`: 200; the spec runs only when it or
 * CHAOS_SEED is set, see playwright.config.ts), seeds CHAOS_BASE_SEED,
 * +1, … (random unless set); CHAOS_SEED=N replays trial N alone.
 */
const REPLAY = process.env.CHAOS_SEED
const TRIALS = REPLAY ? 1 : Number(process.env.CHAOS_TRIALS ?? 20)
const BASE_SEED = REPLAY ? Number(REPLAY) : Number(process.env.CHAOS_BASE_SEED ?? Math.floor(Math.random() * 1e9))
/** How long the app may take to settle after the network heals before a trial counts what is left. */
const QUIET_MS = Number(process.env.CHAOS_QUIET_MS ?? 30_000)
const RECORDINGS_PER_TAB = 2
/**
 * The setup's first loads (a fresh context fetching the app, its worker precaching) before any
 * fault: make test runs this beside a browser lane and its checks on two cores, where they can
 * take longer than an assertion's 10 s. The trials' own steps keep their deadlines.
 */
const FIRST_LOAD = { timeout: 45_000 }

interface Stack {
  base: string
  pocket: OwnPocket
  toxiproxy: Toxiproxy
  targets: FaultTargets
  devices: Array<{ context: BrowserContext; watch: Watch }>
  actors: Actor[]
  expected: Expected
  request: APIRequestContext
}

test.describe.configure({ mode: 'serial' })

test('sync under chaos: nothing lost, duplicated, stuck or diverged', async ({ browser }) => {
  test.setTimeout(120_000 + TRIALS * 60_000)
  const stack = await startStack(browser).catch((error: unknown) => {
    console.log(`chaos: ${TRIALS} trials not started: the stack's setup failed: ${firstLine(error)}`)
    throw error
  })
  const totals: Counts = { lost: 0, duplicated: 0, stuck: 0, diverged: 0 }
  const failing: string[] = []
  let uiFailures = 0
  /** Edits made, by their first word ("rename", "name", "star", …): what the trials exercised. */
  const kinds = new Map<string, number>()
  let consoleErrors = 0
  let unquiet = 0
  /** A trial whose harness threw (a fault it could not fire or lift, a server that did not restart): the run stops there. */
  let aborted = ''
  try {
    for (let i = 0; i < TRIALS; i++) {
      const seed = BASE_SEED + i
      const started = Date.now()
      const result = await trial(stack, seed).catch((error: unknown) => {
        aborted = `trial ${i + 1}/${TRIALS} seed ${seed} aborted after ${Date.now() - started} ms: ${firstLine(error)}`
        return null
      })
      if (!result) {
        failing.push(String(seed))
        console.log(aborted)
        break
      }
      for (const k of Object.keys(totals) as Array<keyof Counts>) totals[k] += result.counts[k]
      uiFailures += result.ui.length
      for (const edit of result.edits) {
        const kind = edit.replace(/^[^:]*: /, '').split(' ')[0]
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
      }
      consoleErrors += result.console.length
      const failed = bad(result.counts) || !result.quiet || result.ui.length > 0 || result.console.length > 0
      if (!result.quiet) unquiet++
      const line = `trial ${i + 1}/${TRIALS} seed ${seed} ${failed ? 'FAILED' : 'ok'} in ${Date.now() - started} ms (${result.timing}): ${result.faults.join('; ')} | ${result.edits.length} edits`
      console.log(line)
      if (failed) {
        failing.push(String(seed))
        console.log(`  counts ${JSON.stringify(result.counts)}\n  ${[...result.details, ...result.ui, ...result.console].join('\n  ')}\n  edits: ${result.edits.join('; ')}`)
      }
    }
  } finally {
    await stopStack(stack)
  }
  console.log(`edits: ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}`)
  const summary = `chaos: ${TRIALS} trials${aborted ? ' (stopped: ' + aborted + ')' : ''}, lost ${totals.lost}, duplicated ${totals.duplicated}, stuck ${totals.stuck}, diverged ${totals.diverged}, not-quiet ${unquiet}, ui-failed ${uiFailures}, console-errors ${consoleErrors}; failing seeds: ${failing.join(' ') || 'none'}`
  console.log(summary)
  test.info().annotations.push({ type: 'chaos', description: summary })
  expect(failing, summary).toEqual([])
})

async function startStack(browser: import('@playwright/test').Browser): Promise<Stack> {
  const toxiproxy = await startToxiproxy(BASE_SEED)
  const proxyPort = await freePort()
  const base = `http://127.0.0.1:${proxyPort}`
  const pocket = await startOwnPocket({ publicURL: base })
  await toxiproxy.createProxy('pocket', proxyPort, new URL(pocket.url).host)

  // A user of this run alone, with a few recordings for each tab to edit.
  const email = `chaos-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const names = ['tab A1', 'tab A2', 'browser B']
  const devices: Stack['devices'] = []
  for (let d = 0; d < 2; d++) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
    await signInThroughIssuer(context.request, email, base)
    devices.push({ context, watch: new Watch(context) })
  }
  const request = devices[0].context.request
  const expected: Expected = {
    titles: new Map(),
    filing: new Map(),
    starred: new Map(),
    archived: new Map(),
    speakers: new Map(),
    folders: new Map(),
    deleted: new Set(),
  }
  await upload(request, base, names.length * RECORDINGS_PER_TAB, expected)
  const ids = [...expected.titles.keys()]
  const actors: Actor[] = []
  for (const [i, name] of names.entries()) {
    const device = devices[i < 2 ? 0 : 1]
    const page = await device.context.newPage()
    device.watch.page(page, name)
    await page.goto('/recordings')
    await expect(page.getByRole('main').getByRole('link', { name: expected.titles.get(ids[0])!, exact: true })).toBeVisible(FIRST_LOAD)
    const own = ids.slice(i * RECORDINGS_PER_TAB, (i + 1) * RECORDINGS_PER_TAB)
    // Opened once online, as a user would have: the device keeps them, so
    // they open under any fault (a never-opened one needs the network).
    for (const id of own) {
      await page.goto(`/recordings/${id}`)
      await expect(page.getByRole('button', { name: 'Edit title' })).toBeVisible(FIRST_LOAD)
    }
    await page.goto('/recordings')
    actors.push({ name, page, recordings: own, folders: [] })
  }
  // Every tab is served by its browser's service worker before faults start, as for a user who has
  // used the app before: a tab its worker does not control yet loads the app's parts from the
  // network, and the server may be down when a dialog's part is first needed.
  for (const { page } of actors) {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), FIRST_LOAD).toBe(true)
  }
  const targets: FaultTargets = { proxy: 'pocket', toxiproxy, pocket, devices: devices.map((d) => d.context) }
  return { base, pocket, toxiproxy, targets, devices, actors, expected, request }
}

async function upload(request: APIRequestContext, base: string, count: number, expected: Expected): Promise<void> {
  const { idToken } = (await (await request.post(`${base}/api/v1/auth/refresh`)).json()) as { idToken: string }
  for (let i = 0; i < count; i++) {
    const id = `chaos-${i}`
    const title = `Chaos recording ${i}`
    const at = `2026-03-${String(10 + i).padStart(2, '0')}T10:00:00Z`
    const res = await request.post(`${base}/api/v1/recordings`, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: {
        recording: { id, title, description: `${title} notes`, recordingAt: at, createdAt: at, updatedAt: at, duration: 60 },
        // Two unnamed speakers, for the trials to name ("Speaker 1", "Speaker 2").
        speakers: {},
        transcription: {
          segments: SPEAKERS.map((speaker, n) => ({ speaker, text: `Line ${n + 1} of ${title}.`, start_time: n * 5, end_time: n * 5 + 4 })),
        },
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    expected.titles.set(id, title)
    expected.filing.set(id, '')
  }
}

async function stopStack(stack: Stack): Promise<void> {
  for (const d of stack.devices) await d.context.close().catch(() => undefined)
  await stack.toxiproxy.stop()
  await stack.pocket.dispose()
}

const bad = (c: Counts) => Object.values(c).some((n) => n > 0)
const firstLine = (error: unknown) => String(error).split('\n').find(Boolean) ?? String(error)

interface TrialResult {
  counts: Counts
  /** Every browser quiet by the deadline (no call in flight, live socket connected). */
  quiet: boolean
  timing: string
  faults: string[]
  edits: string[]
  details: string[]
  ui: string[]
  console: string[]
}

/** One seeded trial: edits under faults, heal, wait for quiet, count. */
async function trial(stack: Stack, seed: number): Promise<TrialResult> {
  const rng = seeded(seed)
  const faults = drawFaults(rng, stack.devices.length)
  // Each tab draws from its own generator: tabs run side by side, and one
  // tab's draws must not depend on how far another has got.
  const tabSeeds = stack.actors.map(() => rng.int(0, 2 ** 31))
  const editCounts = stack.actors.map(() => rng.int(1, 3))
  const edits: string[] = []
  const ui: string[] = []
  const errorsBefore = stack.devices.map((d) => d.watch.errors.length)
  for (const d of stack.devices) d.watch.faulting = true

  const tab = async (actor: Actor, i: number) => {
    const tabRng = seeded(tabSeeds[i])
    for (let n = 0; n < editCounts[i]; n++) {
      try {
        edits.push(`${actor.name}: ${await editOnce(actor, tabRng, stack.expected, `s${seed}${actor.name.slice(-2)}e${n}`)}`)
      } catch (error) {
        const shot = test.info().outputPath(`seed-${seed}-${actor.name.replace(/\s/g, '-')}.png`)
        await actor.page.screenshot({ path: shot }).catch(() => undefined)
        ui.push(`${actor.name}: UI step failed (${shot}): ${String(error).split('\n').filter(Boolean).slice(0, 3).join(' ')}`)
        return
      }
    }
  }
  const started = Date.now()
  await Promise.all([...faults.map((f) => runFault(f, stack.targets)), ...stack.actors.map(tab)])
  await heal(stack.targets)
  const healed = Date.now()
  for (const d of stack.devices) d.watch.healedAt = healed

  const settled = await waitQuiet(stack)
  const timing = `edits ${healed - started} ms, quiet ${Date.now() - healed} ms`
  const quiet = stack.devices.every((d) => d.watch.quiet())
  const server = await readServer(stack.request, stack.base)
  const counts: Counts = { lost: 0, duplicated: server.duplicated, stuck: 0, diverged: 0 }
  const details: string[] = []
  for (const [d, copy] of settled.entries()) {
    counts.stuck += copy.outbox.length
    if (copy.outbox.length) details.push(`device ${d} stuck: ${JSON.stringify(copy.outbox)}`)
    const diff = differences(copy, server)
    if (diff.length) {
      counts.diverged++
      details.push(`device ${d} diverged: ${diff.join('; ')}`)
    }
  }
  const lost = losses(stack.expected, server)
  counts.lost = lost.length
  details.push(...lost.map((l) => `lost: ${l}`))
  if (counts.duplicated) details.push(`duplicated: ${counts.duplicated} (server folders ${JSON.stringify([...server.folders.values()])})`)
  if (!quiet || bad(counts)) details.push(`${quiet ? 'quiet' : 'NOT QUIET'}: ${stack.devices.map((d) => d.watch.describe()).join(' / ')}`)

  for (const d of stack.devices) d.watch.faulting = false
  adoptServer(stack.expected, stack.actors, server)
  // A tab a failed step left mid-dialog starts the next trial from the list.
  if (ui.length) for (const a of stack.actors) await a.page.goto('/recordings')
  const consoleErrors = stack.devices.flatMap((d, i) => d.watch.errors.slice(errorsBefore[i]))
  return { counts, quiet, timing, faults: faults.map(describeFault), edits, details, ui, console: consoleErrors }
}

/**
 * Waits until every browser is quiet (no request in flight, live socket
 * connected, outbox empty) and holds what the server holds, or QUIET_MS
 * passed; resolves with each browser's last copy.
 */
async function waitQuiet(stack: Stack): Promise<DeviceCopy[]> {
  const deadline = Date.now() + QUIET_MS
  for (;;) {
    const server = await readServer(stack.request, stack.base)
    const copies = await Promise.all(stack.devices.map((d) => readDevice(stack.actors.find((a) => a.page.context() === d.context)!.page)))
    const settled =
      stack.devices.every((d) => d.watch.quiet()) && copies.every((c) => c.outbox.length === 0 && differences(c, server).length === 0)
    if (settled || Date.now() > deadline) return copies
    await new Promise((r) => setTimeout(r, 200))
  }
}
