import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../..')

/** A `pocket serve` a spec owns: it can stop and restart it at will. */
export interface OwnPocket {
  url: string
  /** Stops the process (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>
  /** Kills the process (SIGKILL: no shutdown at all, as a crash or power loss) and waits until it has exited. */
  kill(): Promise<void>
  /** Starts it again on the same port and data dir; resolves once /readyz answers. */
  start(): Promise<void>
  /** Stops it and deletes its data dir. */
  dispose(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

/**
 * How long a started `pocket serve` may take to answer /readyz: a minute, as the Go process
 * tests wait, because make test starts it beside a browser lane and its checks on two cores.
 */
const READY_MS = 60_000

async function waitReady(url: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + READY_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pocket serve exited with ${child.exitCode}; see ${log}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`pocket serve at ${url} not ready after ${READY_MS / 1000} s; see ${log}`)
}

export interface OwnPocketOptions {
  /**
   * The origin the browser reaches it at, when that is not its own address
   * (a fault-injecting proxy in front of it): OIDC redirects and Origin
   * checks name this one.
   */
  publicURL?: string
}

/**
 * Starts bin/pocket on a free port with its own data dir, seeded like the main
 * one and sending mail to the same Mailpit (the POCKET_* settings e2e/run.sh
 * exported are inherited). The origin stays the same across restarts, so the
 * browser keeps its service worker, IndexedDB and cookie for it.
 */
export async function startOwnPocket(options: OwnPocketOptions = {}): Promise<OwnPocket> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pocket-e2e-own-'))
  const log = join(dataDir, 'pocket.log')
  let port = 0
  let url = ''
  let child: ChildProcess | null = null

  const start = async () => {
    const out = openSync(log, 'a')
    child = spawn(join(repoRoot, 'bin/pocket'), ['serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        POCKET_ADDR: `127.0.0.1:${port}`,
        POCKET_PUBLIC_URL: options.publicURL ?? url,
        POCKET_DATA_DIR: join(dataDir, 'data'),
      },
      stdio: ['ignore', out, out],
    })
    closeSync(out)
    await waitReady(url, child, log)
  }
  const end = async (signal: NodeJS.Signals) => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((r) => running.once('exit', r))
    running.kill(signal)
    await exited
  }
  const stop = () => end('SIGTERM')

  // A port free when picked may be taken before pocket binds it (the machine is
  // shared): try another. Restarts keep the port, so the origin stays the same.
  for (let attempt = 1; ; attempt++) {
    port = await freePort()
    url = `http://127.0.0.1:${port}`
    try {
      await start()
      break
    } catch (error) {
      await stop()
      if (attempt === 3 || !/address already in use/i.test(readFileSync(log, 'utf8'))) throw error
    }
  }
  return {
    url,
    start,
    stop,
    kill: () => end('SIGKILL'),
    dispose: async () => {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
