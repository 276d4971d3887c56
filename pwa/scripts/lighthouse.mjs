// Lighthouse (mobile, performance only) of one page of the app as `pocket serve`
// serves it, on Debian's Chromium. Prints LCP, TBT, CLS and the performance
// score of each run and their median, next to the thresholds a score of 100
// needs, then the gzipped bytes the /login route downloads. A benchmark, not a
// test: it never fails on the figures. Run after `make build`.
//   npm run bench:lighthouse [-- --url http://127.0.0.1:8080/login] [--runs 3] [--json out.json]
// Without --url it starts bin/pocket on a free port with an empty data dir and
// measures /login there.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'
import { startPocket } from './pocket-server.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))
const CHROMIUM = CHROMIUM_PATH
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
// Where each metric still scores (about) 100 on Lighthouse 12's mobile curves: the budget in docs/benchmarks.md.
const FOR_100 = { lcp: 1560, tbt: 66, cls: 0.04 }

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '3' }, json: { type: 'string' } },
})

/** bin/pocket serve with a throwaway data dir; stop() also deletes it. */
async function startOwnPocket() {
  const dir = mkdtempSync(join(tmpdir(), 'pocket-lighthouse-'))
  const server = await startPocket({ dataDir: join(dir, 'data'), log: join(dir, 'pocket.log') })
  return { url: server.url, stop: () => server.stop().finally(() => rmSync(dir, { recursive: true, force: true })) }
}

/** One cold mobile run: Lighthouse resets storage, so no service worker helps. */
async function measure(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' })
    const { audits, categories, runWarnings, lighthouseVersion } = result.lhr
    return {
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      fcp: audits['first-contentful-paint'].numericValue,
      score: Math.round(categories.performance.score * 100),
      warnings: runWarnings,
      lighthouseVersion,
    }
  } finally {
    await chrome.kill()
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const row = (r) =>
  `LCP ${(r.lcp / 1000).toFixed(2)} s   TBT ${Math.round(r.tbt)} ms   CLS ${r.cls.toFixed(3)}   FCP ${(r.fcp / 1000).toFixed(2)} s   score ${r.score}`

const own = args.url ? null : await startOwnPocket()
const url = args.url ?? `${own.url}/login`
try {
  const runs = []
  for (let i = 0; i < Number(args.runs); i++) {
    const r = await measure(url)
    runs.push(r)
    console.log(`run ${i + 1}: ${row(r)}`)
    for (const w of r.warnings) console.log(`  warning: ${w}`)
  }
  const med = Object.fromEntries(['lcp', 'tbt', 'cls', 'fcp', 'score'].map((k) => [k, median(runs.map((r) => r[k]))]))
  console.log(`median: ${row(med)}`)
  console.log(`for 100: LCP ≤ ${FOR_100.lcp / 1000} s   TBT ≤ ${FOR_100.tbt} ms   CLS ≤ ${FOR_100.cls}`)
  const ok = (name, value, max) => `${name} ${value <= max ? 'within' : 'OVER'}`
  console.log([ok('LCP', med.lcp, FOR_100.lcp), ok('TBT', med.tbt, FOR_100.tbt), ok('CLS', med.cls, FOR_100.cls)].join(', '))
  console.log(`Lighthouse ${runs[0].lighthouseVersion}, mobile preset (simulated throttling), ${CHROMIUM}, ${url}`)
  if (args.json) writeFileSync(args.json, JSON.stringify({ url, runs, median: med }, null, 2))
} finally {
  await own?.stop()
}

// The bytes behind those numbers: each route's initial JavaScript, gzipped.
spawnSync(process.execPath, [join(root, 'pwa/scripts/route-size.mjs')], { stdio: 'inherit' })
