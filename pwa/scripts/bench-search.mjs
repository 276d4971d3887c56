#!/usr/bin/env node
/**
 * The search box's request on a large library: `pocket serve` on an imported library answers
 * GET /api/v1/recordings/search (title, description, summary and transcript, ranked; the
 * app's first page of 20) over loopback, and each query's time is the whole request as the
 * app makes it (signed in, JSON parsed). The queries are picked from the library itself, by
 * how many recordings hold each word: a word in every recording, one in about a tenth, the
 * rarest, two words, and search as you type (each prefix of a word, as the box sends it).
 * The baseline is a word no recording holds, in the same run.
 *
 *   node pwa/scripts/bench-search.mjs --data /tmp/data100k --lib /tmp/gen100k [--rounds 20] [--bin bin/pocket]
 *
 * --lib: the generated files the library was imported from (their words pick the queries).
 */
import { chromium } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromiumLaunchOptions } from './chromium.mjs'
import { signInFromLog } from './bench-session.mjs'
import { startPocket } from './pocket-server.mjs'

const { values: opt } = parseArgs({
  options: {
    data: { type: 'string' },
    lib: { type: 'string' },
    bin: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    sample: { type: 'string', default: '2000' },
    email: { type: 'string', default: 'demo@example.com' },
    log: { type: 'string', default: '/tmp/bench-search.log' },
  },
})
if (!opt.data || !opt.lib) throw new Error('--data (an imported library) and --lib (its generated files) are required')

/** How many of a sample of the library's recordings hold each word of their titles and summaries. */
function wordCounts() {
  const files = readdirSync(opt.lib).filter((f) => f.endsWith('.json'))
  const step = Math.max(1, Math.floor(files.length / Number(opt.sample)))
  const held = new Map()
  let sampled = 0
  for (let i = 0; i < files.length; i += step) {
    const item = JSON.parse(readFileSync(join(opt.lib, files[i]), 'utf8'))
    const text = [item.recording?.title, ...Object.values(item.summarizations ?? {}).map((s) => s.v2Summary)].join(' ')
    for (const word of new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])) held.set(word, (held.get(word) ?? 0) + 1)
    sampled++
  }
  return { held, sampled }
}

function pickQueries() {
  const { held, sampled } = wordCounts()
  const byShare = [...held].sort((a, b) => b[1] - a[1])
  const near = (share) =>
    byShare.reduce((best, w) => (Math.abs(w[1] / sampled - share) < Math.abs(best[1] / sampled - share) ? w : best))[0]
  const common = byShare[0][0]
  const tenth = near(0.1)
  const rare = byShare.at(-1)[0]
  return [
    { name: 'baseline: a word no recording holds', q: ['zyzzyva'] },
    { name: `a word in most recordings ("${common}")`, q: [common] },
    { name: `a word in about a tenth ("${tenth}")`, q: [tenth] },
    { name: `the sample's rarest word ("${rare}")`, q: [rare] },
    { name: `two words ("${common} ${tenth}")`, q: [`${common} ${tenth}`] },
    { name: `typed letter by letter ("${tenth}")`, q: [...tenth].map((_, i) => tenth.slice(0, i + 1)).slice(1) },
  ]
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]

const queries = pickQueries()
const browser = await chromium.launch(chromiumLaunchOptions())
const pocket = await startPocket({ dataDir: opt.data, log: opt.log, bin: opt.bin })
const rows = []
try {
  const context = await browser.newContext()
  const { idToken } = await signInFromLog(context, { url: pocket.url, log: pocket.log, email: opt.email })
  const search = async (q) => {
    const t0 = performance.now()
    const res = await fetch(`${pocket.url}/api/v1/recordings/search?q=${encodeURIComponent(q)}`, {
      headers: { Authorization: `Bearer ${idToken}` },
    })
    const body = await res.json()
    if (!res.ok) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`)
    return { ms: performance.now() - t0, hits: body.total ?? body.data?.length ?? 0 }
  }
  for (const { q } of queries) await search(q[0]) // warm: the first read of each word's postings from disk
  const times = queries.map(() => [])
  const hits = queries.map(() => 0)
  // Round by round over every query, so drift in the machine's load falls on all of them.
  for (let round = 0; round < Number(opt.rounds); round++) {
    for (const [i, { q }] of queries.entries()) {
      for (const text of q) {
        const r = await search(text)
        times[i].push(r.ms)
        hits[i] = Math.max(hits[i], r.hits)
      }
    }
  }
  for (const [i, { name }] of queries.entries())
    rows.push(
      `| ${name} | ${hits[i]} | ${times[i].length} | ${pct(times[i], 50).toFixed(1)} | ${pct(times[i], 95).toFixed(1)} | ${Math.max(...times[i]).toFixed(1)} |`,
    )
} finally {
  await browser.close()
  await pocket.stop()
}
console.log(`GET /api/v1/recordings/search over loopback, ${opt.data}`)
console.log('| query | hits | requests | p50 ms | p95 ms | max ms |')
console.log('|---|---:|---:|---:|---:|---:|')
for (const row of rows) console.log(row)
