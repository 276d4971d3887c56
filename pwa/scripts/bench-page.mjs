// Builds a benchmark page (a folder with an index.html and the app's own
// modules) with Vite, production mode, into a temporary folder, and serves it
// on a free loopback port. For the in-browser benchmarks; not part of the app.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const src = fileURLToPath(new URL('../src', import.meta.url))
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' }

/** Resolves with the page's URL and close(), which stops the server and deletes the build. */
export async function serveBenchPage(root) {
  const outDir = mkdtempSync(join(tmpdir(), 'pocket-bench-page-'))
  await build({
    configFile: false,
    root,
    base: './',
    mode: 'production',
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: { '@': src } },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = join(outDir, path.endsWith('/') ? join(path, 'index.html') : path)
    if (!file.startsWith(outDir + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => {
      server.close()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
