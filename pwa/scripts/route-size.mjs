// Initial JavaScript per route, gzipped, checked against pwa/size-budgets.json.
// A route's initial JavaScript is the entry chunk (index.html's scripts) with
// its static imports, plus each of the route's lazy chunks (e.g. AppShell and
// RecordingsPage for the list) with their static imports: what the browser
// must download before the route can draw. Dynamic import()s are not counted.
// Run after `npm run build`:
//   node pwa/scripts/route-size.mjs            every route, fails when one is over its budget
//   node pwa/scripts/route-size.mjs list -v    one route, file by file
// A route may also name chunks it must not load at first ("without"), e.g. the
// device store on screens a signed-out visitor opens.
import { readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('../../server/web/dist/app/', import.meta.url))
const budgetsFile = fileURLToPath(new URL('../size-budgets.json', import.meta.url))
const { routes } = JSON.parse(readFileSync(budgetsFile, 'utf8'))

const args = process.argv.slice(2)
const verbose = args.includes('-v')
const only = args.find((a) => !a.startsWith('-'))
if (only && !routes[only])
  throw new Error(`no route "${only}" in ${budgetsFile} (known: ${Object.keys(routes).join(', ')})`)

const read = (file) => readFileSync(join(dist, file))
const gz = (file) => gzipSync(read(file), { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(1)

/** A chunk plus every chunk it imports statically (not dynamic import()). */
function closure(start, seen = new Set()) {
  if (seen.has(start)) return seen
  seen.add(start)
  const code = read(start).toString()
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) closure(`assets/${m[1]}`, seen)
  return seen
}

const html = read('index.html').toString()
const entryScripts = [...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])
const assets = readdirSync(join(dist, 'assets'))

function chunkFile(name) {
  const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'))
  if (!file) throw new Error(`no chunk named ${name}-*.js in ${dist}assets: was the chunk renamed? Fix ${budgetsFile}`)
  return `assets/${file}`
}

function initialJs(route) {
  const files = new Set()
  for (const script of entryScripts) closure(script, files)
  for (const name of route.chunks) closure(chunkFile(name), files)
  return [...files].sort().map((file) => ({ file, size: gz(file) }))
}

const failures = []
for (const [name, route] of Object.entries(routes)) {
  if (only && name !== only) continue
  const files = initialJs(route)
  const total = files.reduce((sum, f) => sum + f.size, 0)
  if (verbose) for (const f of files) console.log(`${kb(f.size).padStart(7)} kB  ${f.file}`)
  const over = total / 1024 > route.maxKb
  console.log(
    `${name.padEnd(7)} ${route.path.padEnd(20)} ${kb(total).padStart(6)} kB gz  (budget ${route.maxKb} kB)${over ? '  OVER' : ''}`,
  )
  if (over)
    failures.push(
      `${name} (${route.path}) loads ${kb(total)} kB of gzipped JavaScript, over its ${route.maxKb} kB budget`,
    )
  for (const chunk of route.without ?? []) {
    const found = files.find((f) => f.file.startsWith(`assets/${chunk}-`))
    if (found)
      failures.push(
        `${name} (${route.path}) loads ${found.file} at first, which it must not (size-budgets.json "without")`,
      )
  }
}
if (failures.length) {
  for (const f of failures) console.error(`size budget: ${f}`)
  console.error(`Find what grew with \`npm run size -- <route> -v\`; budgets live in ${budgetsFile}.`)
  process.exit(1)
}
