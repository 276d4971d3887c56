import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { freePort } from './pocket'

const repoRoot = resolve(import.meta.dirname, '../..')
const binary = join(repoRoot, 'bin/toxiproxy-server')

/** A toxic as Toxiproxy's API takes it (https://github.com/Shopify/toxiproxy#toxics). */
export interface Toxic {
  name: string
  type: 'latency' | 'bandwidth' | 'reset_peer' | 'limit_data' | 'timeout' | 'slicer' | 'slow_close'
  stream: 'upstream' | 'downstream'
  toxicity?: number
  attributes: Record<string, number>
}

/** bin/toxiproxy-server on loopback, driven through its HTTP API. */
export interface Toxiproxy {
  /** A TCP proxy from 127.0.0.1:listenPort to upstream (host:port). */
  createProxy(name: string, listenPort: number, upstream: string): Promise<void>
  addToxic(proxy: string, toxic: Toxic): Promise<void>
  removeToxic(proxy: string, name: string): Promise<void>
  /** Every proxy enabled again, every toxic gone: the network healed. */
  reset(): Promise<void>
  /**
   * Kills the server and starts it again on the same ports with the same
   * proxies and no toxics: every connection through it is cut.
   */
  restart(): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts bin/toxiproxy-server (`make bin/toxiproxy-server`) on a free loopback
 * port. The seed feeds its own randomness (a toxic's toxicity), so a trial's
 * faults draw the same way when it is replayed.
 */
export async function startToxiproxy(seed: number): Promise<Toxiproxy> {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run 'make bin/toxiproxy-server'`)
  const port = await freePort()
  const api = `http://127.0.0.1:${port}`
  const proxies: Array<{ name: string; listen: string; upstream: string }> = []
  let child = await spawnServer(api, port, seed)
  let restarting: Promise<void> | undefined

  // An answer within 5 s or none: the server's own limit is 25 s.
  const call = async (method: string, path: string, body?: unknown): Promise<void> => {
    const init = {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    }
    const res = await fetch(`${api}${path}`, init)
    if (!res.ok) throw new Error(`toxiproxy ${method} ${path}: ${res.status} ${await res.text()}`)
  }
  const createProxy = (proxy: { name: string; listen: string; upstream: string }) =>
    call('POST', '/proxies', { ...proxy, enabled: true })
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await exited
  }
  return {
    createProxy: async (name, listenPort, upstream) => {
      const proxy = { name, listen: `127.0.0.1:${listenPort}`, upstream }
      await createProxy(proxy)
      proxies.push(proxy)
    },
    addToxic: (proxy, toxic) => call('POST', `/proxies/${proxy}/toxics`, { toxicity: 1, ...toxic }),
    removeToxic: (proxy, name) => call('DELETE', `/proxies/${proxy}/toxics/${name}`),
    reset: () => call('POST', '/reset'),
    // One restart at a time: faults lifted together (or a heal) that all find Toxiproxy hung share
    // the restart under way, rather than killing the server it is bringing up.
    restart: () =>
      (restarting ??= (async () => {
        await stop()
        child = await spawnServer(api, port, seed)
        for (const proxy of proxies) await createProxy(proxy)
      })().finally(() => {
        restarting = undefined
      })),
    stop,
  }
}

async function spawnServer(api: string, port: number, seed: number): Promise<ChildProcess> {
  const child = spawn(binary, ['-host', '127.0.0.1', '-port', String(port), '-seed', String(seed)], { stdio: 'ignore' })
  await waitUp(api, child)
  return child
}

/** How long toxiproxy-server may take to answer: make test starts it beside a browser lane and its checks. */
const UP_MS = 30_000

async function waitUp(api: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + UP_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`toxiproxy-server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${api}/version`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`toxiproxy-server at ${api} not up after ${UP_MS / 1000} s`)
}
