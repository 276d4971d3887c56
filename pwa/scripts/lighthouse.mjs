// Lighthouse (mobile preset) of the app's four first screens as `pocket serve`
// serves them, on Debian's Chromium: /login signed out, then signed in as the
// sample library's user the list (/recordings), one recording's detail, and a
// shared recording opened from a share link. Prints performance,
// accessibility and best-practices scores with LCP, TBT and CLS per run and
// the median per screen, then each route's initial JavaScript. A benchmark,
// not a test: it never fails on the figures. Run after `make build`.
//   npm run bench:lighthouse [-- --runs 5] [--only login,list] [--json out.json] [--bin other/pocket] [--why] [--trace dir]
// (--why: each run's largest-paint element and where its time went, and its long tasks;
// --trace: each run's trace as Lighthouse recorded it, for `profile-tasks.mjs --trace`)
// It starts bin/pocket on a free port with a throwaway data dir seeded with
// fixtures/ (demo@example.com), and signs in by e-mail code read from its log.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
// Lighthouse's own browser driver (a dependency of lighthouse): sets and reads the session cookies.
import puppeteer from 'puppeteer-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'
import { startPocket } from './pocket-server.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const CATEGORIES = ['performance', 'accessibility', 'best-practices']
const EMAIL = 'demo@example.com'
// Where each metric still scores (about) 100 on Lighthouse 12's mobile curves.
const FOR_100 = { lcp: 1560, tbt: 66, cls: 0.04 }

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    json: { type: 'string' },
    bin: { type: 'string' },
    why: { type: 'boolean' },
    trace: { type: 'string' },
  },
})

/** The session cookies of a fresh e-mail sign-in, as CDP cookie params for the server's origin. */
async function signIn(url, log) {
  const post = (path, body) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  if (!(await post('/api/v1/auth/email/send-otp', { email: EMAIL })).ok) throw new Error('send-otp failed')
  let otp
  for (let waited = 0; !otp && waited < 5000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100))
    otp = [...readFileSync(log, 'utf8').matchAll(/sign-in code for demo@example\.com: (\d{6})/g)].at(-1)?.[1]
  }
  const verified = await (await post('/api/v1/auth/email/verify-otp', { email: EMAIL, otp })).json()
  const session = await post('/api/v1/auth/session', { token: verified.data.token })
  if (!session.ok) throw new Error(`session: ${session.status}`)
  const { idToken } = await session.json()
  const cookies = session.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim())
    const [name, value] = pair.split('=')
    const path = attrs.find((a) => a.startsWith('Path='))?.slice(5) ?? '/'
    return { name, value, url: `${url}${path}`, path, httpOnly: attrs.includes('HttpOnly'), sameSite: 'Strict' }
  })
  // The time zone the app writes once a signed-in page has settled (app/zoneCookie.ts): a returning
  // visitor's browser holds it, and the server prints the list's days in it.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  cookies.push({
    name: 'pocket_tz',
    value: zone,
    url: `${url}/recordings`,
    path: '/recordings',
    httpOnly: false,
    sameSite: 'Strict',
  })
  return { cookies, idToken }
}

/** A recording of the sample library and a share link to it. */
async function pickRecording(url, idToken) {
  const auth = { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' }
  const list = await (await fetch(`${url}/api/v1/recordings/dashboard?limit=1`, { headers: auth })).json()
  const id = list.data[0].id
  const share = await (
    await fetch(`${url}/api/v1/recordings/${id}/share`, { method: 'POST', headers: auth, body: '{}' })
  ).json()
  return { id, shareToken: share.token ?? share.data?.token }
}

/**
 * One cold mobile run in a fresh browser profile (no cache, no service
 * worker). Signed-in screens get the session cookies first; the refresh
 * token rotates when the page refreshes, so the new cookies are read back.
 */
async function measure(url, cookies, traceFile) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  try {
    if (cookies) await browser.setCookie(...cookies)
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: CATEGORIES,
      logLevel: 'error',
      output: 'json',
    })
    const { audits, categories, runWarnings, lighthouseVersion } = result.lhr
    if (traceFile) writeFileSync(traceFile, JSON.stringify(result.artifacts.Trace))
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id)
    const fresh = cookies ? (await browser.cookies()).filter((c) => cookies.some((k) => k.name === c.name)) : null
    return {
      run: {
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        lcpElement: lcpElement(audits['largest-contentful-paint-element']),
        longTasks: longTasks(audits['long-tasks']),
        mainThread: mainThread(audits['mainthread-work-breakdown']),
        requests: requests(audits['network-requests']),
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        failing,
        warnings: runWarnings,
        lighthouseVersion,
      },
      cookies: fresh?.length
        ? fresh.map((c) => ({
            name: c.name,
            value: c.value,
            url: `${new URL(url).origin}${c.path}`,
            path: c.path,
            httpOnly: c.httpOnly,
            sameSite: 'Strict',
          }))
        : cookies,
    }
  } finally {
    await browser.disconnect()
    chrome.kill()
  }
}

/** What the largest paint was, and where its time went (Lighthouse's LCP phases). */
function lcpElement(audit) {
  const [element, phases] = audit?.details?.items ?? []
  const node = element?.items?.[0]?.node
  const spent = (phases?.items ?? []).map((p) => `${p.phase ?? p.label} ${Math.round(p.timing)} ms`).join(', ')
  return node ? `${node.selector ?? node.snippet}${spent ? ` (${spent})` : ''}` : 'unknown'
}

/** A URL of the page's own origin as its path. */
const pathOf = (url) => url.replace(/^https?:\/\/[^/]+/, '')

/** The main thread's long tasks as Lighthouse saw them: where each started, how long it ran, whose script. */
function longTasks(audit) {
  const items = audit?.details?.items ?? []
  if (!items.length) return 'none'
  return items
    .map((t) => `${pathOf(t.url) || 'page'} at ${Math.round(t.startTime)} ms for ${Math.round(t.duration)} ms`)
    .join('; ')
}

/**
 * The page's requests in the order they started, as observed (unthrottled):
 * which ones the largest paint waited behind, and what ran beside them.
 */
function requests(audit) {
  const items = audit?.details?.items ?? []
  return items
    .filter((r) => !r.url.startsWith('data:'))
    .map(
      (r) =>
        `${String(Math.round(r.networkRequestTime)).padStart(5)}–${String(Math.round(r.networkEndTime)).padEnd(5)} ms  ${r.resourceType ?? ''} ${pathOf(r.url).slice(0, 70)}`,
    )
    .join('\n    ')
}

/** The main thread's time by kind of work (script, style and layout, parsing, ...). */
function mainThread(audit) {
  const items = audit?.details?.items ?? []
  return items.map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`).join(', ') || 'unknown'
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const row = (r) =>
  `perf ${r.performance}  a11y ${r.accessibility}  best ${r.bestPractices}   FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}`

if (args.trace) mkdirSync(args.trace, { recursive: true })
const dir = mkdtempSync(join(tmpdir(), 'pocket-lighthouse-'))
const server = await startPocket({
  dataDir: join(dir, 'data'),
  log: join(dir, 'pocket.log'),
  seed: true,
  bin: args.bin,
})
const results = {}
try {
  let { cookies, idToken } = await signIn(server.url, server.log)
  const { id, shareToken } = await pickRecording(server.url, idToken)
  const screens = {
    login: { path: '/login', signedIn: false },
    list: { path: '/recordings', signedIn: true },
    detail: { path: `/recordings/${id}`, signedIn: true },
    shared: { path: `/shared/recording?token=${shareToken}`, signedIn: false },
  }
  const only = args.only?.split(',')
  let lighthouseVersion
  for (const [name, screen] of Object.entries(screens)) {
    if (only && !only.includes(name)) continue
    const runs = []
    for (let i = 0; i < Number(args.runs); i++) {
      const traceFile = args.trace && join(args.trace, `${name}-${i + 1}.json`)
      const out = await measure(`${server.url}${screen.path}`, screen.signedIn ? cookies : null, traceFile)
      if (screen.signedIn) cookies = out.cookies
      runs.push(out.run)
      lighthouseVersion = out.run.lighthouseVersion
      console.log(
        `${name} run ${i + 1}: ${row(out.run)}${out.run.failing.length ? `   failing: ${out.run.failing.join(', ')}` : ''}`,
      )
      for (const w of out.run.warnings) console.log(`  warning: ${w}`)
      if (args.why)
        console.log(
          `  largest paint: ${out.run.lcpElement}\n  main thread: ${out.run.mainThread}\n  long tasks: ${out.run.longTasks}\n  requests:\n    ${out.run.requests}`,
        )
    }
    const med = Object.fromEntries(
      ['performance', 'accessibility', 'bestPractices', 'fcp', 'lcp', 'tbt', 'cls'].map((k) => [
        k,
        median(runs.map((r) => r[k])),
      ]),
    )
    results[name] = { path: screen.path, runs, median: med }
    console.log(`${name} median: ${row(med)}`)
  }
  console.log(`for performance 100: LCP ≤ ${FOR_100.lcp / 1000} s, TBT ≤ ${FOR_100.tbt} ms, CLS ≤ ${FOR_100.cls}`)
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile preset (simulated throttling), ${CHROMIUM_PATH}, ${args.runs} runs per screen`,
  )
  if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2))
} finally {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
}

// The bytes behind those numbers: each route's initial JavaScript, gzipped.
spawnSync(process.execPath, [join(root, 'pwa/scripts/route-size.mjs')], { stdio: 'inherit' })
