#!/usr/bin/env node
// Offline search over a large library: the app's own (localSearch.ts: a scan
// of words, MiniSearch when it finds nothing), MiniSearch alone (what the app
// used before) and a plain substring scan, in the same run, over the same
// documents, made by the app's own normaliser (searchText).
//
//   bin/pocket fixtures gen --count 10000 --out /tmp/gen10k
//   node pwa/scripts/bench-offline-search.mjs --lib /tmp/gen10k --queries 300
//
// Documents: title, description and summary of each generated recording, as
// the device holds them once its details are kept offline. Queries: words
// drawn from the documents with a fixed seed, a third whole words, a third
// 4-letter prefixes, a third two whole words. Each query is timed alone
// (performance.now around the call, results mapped to ids); figures are
// p50/p95/max over all queries. Node's V8, not a browser.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { runnerImport } from 'vite'

const { values: opt } = parseArgs({ options: { lib: { type: 'string' }, queries: { type: 'string', default: '300' } } })
if (!opt.lib) throw new Error('--lib (the generated files) is required')

const src = (p) => fileURLToPath(new URL(`../src/${p}`, import.meta.url))
const { module: text } = await runnerImport(src('data/normalize/searchText.ts'))
const { module: local } = await runnerImport(src('data/offline/localSearch.ts'))

const files = readdirSync(opt.lib).filter((f) => f.endsWith('.json'))
const docs = files.map((f) => {
  const file = JSON.parse(readFileSync(join(opt.lib, f), 'utf8'))
  return text.searchText(file.recording, file)
})

let seed = 7
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const words = (doc) => `${doc.title} ${doc.description} ${doc.summary}`.toLowerCase().match(/\p{L}{5,}/gu) ?? []
const pickWord = () => {
  const w = words(docs[Math.floor(random() * docs.length)])
  return w.length ? w[Math.floor(random() * w.length)] : 'meeting'
}
const queries = Array.from({ length: Number(opt.queries) }, (_, i) =>
  i % 3 === 0 ? pickWord() : i % 3 === 1 ? pickWord().slice(0, 4) : `${pickWord()} ${pickWord()}`,
)

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]
const ms = (x) => `${x.toFixed(2)} ms`

function time(fn) {
  const t0 = performance.now()
  const out = fn()
  return [performance.now() - t0, out]
}

// MiniSearch: the app's own index settings (prefix, fuzzy 0.2, every word required).
const [buildMs, index] = time(() => {
  const i = local.newIndex()
  i.addAll(docs)
  return i
})
// Substring scan: every document's text lowercased once, each query's words all contained.
const [prepMs, haystacks] = time(() =>
  docs.map((d) => ({ id: d.id, text: `${d.title}\n${d.description}\n${d.summary}`.toLowerCase() })),
)
// The app's search (localSearch.ts): its word scan, MiniSearch only when that finds nothing.
const [wordsMs, scannedDocs] = time(() => docs.map(local.scanned))
const app = (q) => {
  const ids = local.scan(scannedDocs, q)
  return ids.length > 0
    ? ids
    : index
        .search(q)
        .slice(0, 100)
        .map((h) => h.id)
}
const scan = (q) => {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean)
  return haystacks.filter((h) => terms.every((t) => h.text.includes(t))).map((h) => h.id)
}

// Warm both up (JIT) on other queries, then measure alternately so drift hits both alike.
for (const q of queries.slice(0, 30)) {
  index.search(q)
  scan(q)
  app(q)
}
const mini = []
const sub = []
const ours = []
let miniHits = 0
let subHits = 0
let ourHits = 0
for (const q of queries) {
  const [a, r1] = time(() => index.search(q).map((h) => h.id))
  const [b, r2] = time(() => scan(q))
  const [c, r3] = time(() => app(q))
  mini.push(a)
  sub.push(b)
  ours.push(c)
  miniHits += r1.length
  subHits += r2.length
  ourHits += r3.length
}

const chars = haystacks.reduce((n, h) => n + h.text.length, 0)
console.log(
  `${docs.length} recordings, ${(chars / 1e6).toFixed(1)} M characters of title+description+summary, ${queries.length} queries`,
)
console.log(
  `index build: MiniSearch ${ms(buildMs)}; substring scan's lowercasing ${ms(prepMs)}; the app's words ${ms(wordsMs)}`,
)
console.log('| method | p50 | p95 | max | mean results per query |')
console.log('|---|---:|---:|---:|---:|')
console.log(
  `| MiniSearch (prefix, 1 typo in words of 5+ letters, AND) | ${ms(pct(mini, 50))} | ${ms(pct(mini, 95))} | ${ms(Math.max(...mini))} | ${(miniHits / queries.length).toFixed(0)} |`,
)
console.log(
  `| the app: word scan (every word starts one of the document's; at most 100), MiniSearch when it finds none | ${ms(pct(ours, 50))} | ${ms(pct(ours, 95))} | ${ms(Math.max(...ours))} | ${(ourHits / queries.length).toFixed(0)} |`,
)
console.log(
  `| substring scan (all words contained) | ${ms(pct(sub, 50))} | ${ms(pct(sub, 95))} | ${ms(Math.max(...sub))} | ${(subHits / queries.length).toFixed(0)} |`,
)

// By kind of query: where each method spends its time.
const kinds = ['whole word', '4-letter prefix', 'two words']
console.log('| query kind | MiniSearch p50 / p95 | substring p50 / p95 | MiniSearch results | substring results |')
console.log('|---|---:|---:|---:|---:|')
for (const [k, kind] of kinds.entries()) {
  const pick = (xs) => xs.filter((_, i) => i % 3 === k)
  const hits = (method) =>
    pick(queries).reduce((n, q) => n + (method === 'mini' ? index.search(q).length : scan(q).length), 0) /
    pick(queries).length
  console.log(
    `| ${kind} | ${ms(pct(pick(mini), 50))} / ${ms(pct(pick(mini), 95))} | ${ms(pct(pick(sub), 50))} / ${ms(pct(pick(sub), 95))} | ${hits('mini').toFixed(0)} | ${hits('sub').toFixed(0)} |`,
  )
}
