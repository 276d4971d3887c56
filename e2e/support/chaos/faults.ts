import type { BrowserContext } from '@playwright/test'
import type { OwnPocket } from '../pocket'
import type { Toxic, Toxiproxy } from '../toxiproxy'
import type { Rng } from './prng'

/**
 * The faults a trial fires while the tabs edit. Toxics sit in Toxiproxy
 * between the browser and pocket, so they hit the page's fetches, the live
 * socket and the service worker's fetches alike (setOffline does not reach
 * the worker).
 */
export type Fault =
  | { kind: 'toxic'; atMs: number; forMs: number; toxic: Toxic }
  /** kill -9 of pocket, started again on the same data dir and port forMs later. */
  | { kind: 'kill'; atMs: number; forMs: number }
  /** Playwright's context.setOffline for one device (browser context). */
  | { kind: 'offline'; atMs: number; forMs: number; device: number }

export interface FaultTargets {
  proxy: string
  toxiproxy: Toxiproxy
  pocket: OwnPocket
  devices: BrowserContext[]
}

const stream = (rng: Rng) => rng.pick(['upstream', 'downstream'] as const)

/** One toxic, its parameters drawn from rng (names are unique within a trial). */
function drawToxic(rng: Rng, n: number): Toxic {
  const kind = rng.pick(['latency', 'bandwidth', 'reset_peer', 'limit_data', 'timeout', 'slicer'] as const)
  const name = `${kind}-${n}`
  switch (kind) {
    case 'latency':
      return {
        name,
        type: kind,
        stream: stream(rng),
        attributes: { latency: rng.int(50, 600), jitter: rng.int(0, 200) },
      }
    case 'bandwidth': // KB/s: a slow link, a Push or a Pull page takes seconds
      return { name, type: kind, stream: stream(rng), attributes: { rate: rng.int(2, 40) } }
    case 'reset_peer': // connections reset (RST) after timeout ms: mid-request or mid-socket
      return { name, type: kind, stream: stream(rng), attributes: { timeout: rng.int(0, 400) } }
    case 'limit_data': // the connection closes after this many bytes: a request or an answer cut short
      return { name, type: kind, stream: stream(rng), attributes: { bytes: rng.int(100, 6000) } }
    case 'timeout': // data stops; the connection closes after timeout ms (0: held until healed)
      return { name, type: kind, stream: stream(rng), attributes: { timeout: rng.pick([0, rng.int(100, 1500)]) } }
    case 'slicer': // bytes arrive in small pieces, with delays between them
      return {
        name,
        type: kind,
        stream: stream(rng),
        attributes: { average_size: rng.int(1, 64), size_variation: 0, delay: rng.int(0, 2000) },
      }
  }
}

/** One or two faults at random offsets within the edit phase. */
export function drawFaults(rng: Rng, devices: number): Fault[] {
  const faults: Fault[] = []
  const count = rng.int(1, 2)
  for (let i = 0; i < count; i++) {
    const atMs = rng.int(0, 1200)
    const forMs = rng.int(300, 2000)
    const roll = rng.next()
    if (roll < 0.6) faults.push({ kind: 'toxic', atMs, forMs, toxic: drawToxic(rng, i) })
    // One kill a trial: pocket is started again before the next may stop it.
    else if (roll < 0.8 && !faults.some((f) => f.kind === 'kill')) faults.push({ kind: 'kill', atMs, forMs })
    else faults.push({ kind: 'offline', atMs, forMs, device: rng.int(0, devices - 1) })
  }
  return faults
}

export function describeFault(f: Fault): string {
  const when = `at ${f.atMs} ms for ${f.forMs} ms`
  if (f.kind === 'toxic') return `${f.toxic.type} ${f.toxic.stream} ${JSON.stringify(f.toxic.attributes)} ${when}`
  if (f.kind === 'kill') return `kill -9 of pocket ${when}`
  return `device ${f.device} offline ${when}`
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Fires one fault at its offset and lifts it after its duration. */
export async function runFault(f: Fault, t: FaultTargets): Promise<void> {
  await sleep(f.atMs)
  if (f.kind === 'toxic') {
    await t.toxiproxy.addToxic(t.proxy, f.toxic)
    await sleep(f.forMs)
    await liftOrRestart(t, () => t.toxiproxy.removeToxic(t.proxy, f.toxic.name))
  } else if (f.kind === 'kill') {
    await t.pocket.kill()
    await sleep(f.forMs)
    await t.pocket.start()
  } else {
    await t.devices[f.device].setOffline(true)
    await sleep(f.forMs)
    await t.devices[f.device].setOffline(false)
  }
}

/**
 * Toxiproxy's API can hang on removing a toxic while traffic flows through it
 * (Shopify/toxiproxy#558, #500: 503 after 25 s). The fault then ends the hard
 * way: Toxiproxy restarts, cutting every connection through it, which the
 * sync must survive as it survives a reset peer. Said in the trial's log.
 */
async function liftOrRestart(t: FaultTargets, lift: () => Promise<void>): Promise<void> {
  try {
    await lift()
  } catch (error) {
    console.log(`  toxiproxy did not answer (${String(error).split('\n')[0]}): restarted, cutting its connections`)
    await t.toxiproxy.restart()
  }
}

/** The network healed whatever a fault left behind. */
export async function heal(t: FaultTargets): Promise<void> {
  await liftOrRestart(t, () => t.toxiproxy.reset())
  for (const d of t.devices) await d.setOffline(false)
}
