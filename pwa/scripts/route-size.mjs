// Reports what the browser downloads to show one route (default: /login),
// gzipped: index.html, the entry chunk with its static imports, the route's
// lazy chunk with its static imports, and their CSS. Run after `npm run build`.
//   node pwa/scripts/route-size.mjs [RouteChunkName] [--max-kb N]
import { readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../../server/web/dist/app/', import.meta.url))
const args = process.argv.slice(2)
const route = args.find((a) => !a.startsWith('--')) ?? 'LoginPage'
const maxIdx = args.indexOf('--max-kb')
const maxKb = maxIdx >= 0 ? Number(args[maxIdx + 1]) : Infinity

const read = (file) => readFileSync(join(dist, file))
const gz = (file) => gzipSync(read(file), { level: 9 }).length

/** A chunk plus every chunk it imports statically (not dynamic import()). */
function closure(start, seen = new Set()) {
  if (seen.has(start)) return seen
  seen.add(start)
  const code = read(start).toString()
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) closure(`assets/${m[1]}`, seen)
  return seen
}

const html = read('index.html').toString()
const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
const files = new Set(['index.html'])
for (const f of fromHtml) (f.endsWith('.js') ? closure(f, files) : files.add(f))

const assets = readdirSync(join(dist, 'assets'))
const routeJs = assets.find((f) => f.startsWith(`${route}-`) && f.endsWith('.js'))
if (!routeJs) throw new Error(`no chunk named ${route}-*.js in ${dist}assets`)
closure(`assets/${routeJs}`, files)
for (const css of assets.filter((f) => f.startsWith(`${route}-`) && f.endsWith('.css'))) files.add(`assets/${css}`)

let total = 0
for (const file of [...files].sort()) {
  const size = gz(file)
  total += size
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`)
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  total gzipped for the ${route} route`)
if (total / 1024 > maxKb) {
  console.error(`over budget: ${(total / 1024).toFixed(1)} kB > ${maxKb} kB`)
  process.exit(1)
}
