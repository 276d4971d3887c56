// Starts bin/pocket serve for benchmark scripts (build it first: `make build`):
// a free loopback port, the given data dir, no seeded fixtures, output to a log
// file (where the log mailer writes sign-in codes). Tests start theirs in e2e/support.
import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Resolves once /readyz answers, with the server's URL, its log file and a stop() that waits for the exit.
 * seed: import the sample recordings in fixtures/ for demo@example.com (default: none).
 * bin: another build of pocket to run (default: bin/pocket), e.g. a baseline.
 * port: the port to listen on (default: a free one); a session stays valid across restarts on one port.
 */
export async function startPocket({ dataDir, log, seed = false, bin = join(root, 'bin/pocket'), port }) {
  const url = `http://127.0.0.1:${port ?? (await freePort())}`
  const out = openSync(log, 'a')
  const child = spawn(bin, ['serve'], {
    cwd: root,
    env: {
      ...process.env,
      POCKET_ADDR: url.slice('http://'.length),
      POCKET_PUBLIC_URL: url,
      POCKET_DATA_DIR: dataDir,
      POCKET_SEED: seed ? 'fixtures' : 'none',
    },
    stdio: ['ignore', out, out],
  })
  closeSync(out)
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (child.exitCode !== null) break
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, log, stop }
    await new Promise((r) => setTimeout(r, 100))
  }
  await stop()
  throw new Error(`bin/pocket serve did not become ready (run \`make build\` first); see ${log}`)
}
