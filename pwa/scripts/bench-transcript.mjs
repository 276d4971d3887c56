#!/usr/bin/env node
/**
 * Measures how long the Transcription tab takes to render a long transcript
 * in a real browser (Debian's Chromium through Playwright), on a page built
 * from the app's own modules (pwa/bench/transcription/).
 *
 *   node pwa/scripts/bench-transcript.mjs [--words 10000] [--runs 15]
 *
 * Prints, per viewport and CPU speed: the first (cold) render and the median
 * and 90th percentile of warm renders, as time to React's commit and to the
 * next frame (style, layout and paint included). Timers in jsdom say nothing
 * about layout, so this is the number to quote.
 */
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { serveBenchPage } from './bench-page.mjs'
import { chromiumLaunchOptions } from './chromium.mjs'

const here = (p) => fileURLToPath(new URL(p, import.meta.url))
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const WORDS = arg('words', 10000)
const RUNS = arg('runs', 15)
const benchPage = await serveBenchPage(here('../bench/transcription'))
const url = benchPage.url

const browser = await chromium.launch(chromiumLaunchOptions())

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]
const ms = (x) => `${x.toFixed(1)} ms`

try {
  const rows = []
  /** @type {[string, { width: number, height: number }][]} */
  const viewports = [
    ['phone 390×844', { width: 390, height: 844 }],
    ['desktop 1280×800', { width: 1280, height: 800 }],
  ]
  for (const [label, viewport] of viewports) {
    for (const throttle of [1, 4]) {
      for (const cv of [true, false]) {
        if (!cv && throttle !== 4) continue // the no-content-visibility comparison is only interesting on the slow CPU
        const page = await browser.newPage({ viewport })
        const cdp = await page.context().newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
        await page.goto(url)
        await page.waitForFunction(() => document.title === 'ready')
        const first = await page.evaluate(([w, c]) => window.bench.run(w, c), [WORDS, cv])
        const warm = []
        for (let i = 0; i < RUNS; i++) warm.push(await page.evaluate(([w, c]) => window.bench.run(w, c), [WORDS, cv]))
        const jumps = []
        for (let i = 0; i < 5; i++) jumps.push(await page.evaluate((w) => window.bench.jump(w), WORDS))
        rows.push({
          setting: `${label}, CPU ${throttle}×${cv ? '' : ', content-visibility off'}`,
          words: first.words,
          segments: first.segments,
          cold: ms(first.frameMs),
          normalize: ms(
            quantile(
              warm.map((r) => r.normalizeMs),
              0.5,
            ),
          ),
          commit: ms(
            quantile(
              warm.map((r) => r.commitMs),
              0.5,
            ),
          ),
          frameMedian: ms(
            quantile(
              warm.map((r) => r.frameMs),
              0.5,
            ),
          ),
          frameP90: ms(
            quantile(
              warm.map((r) => r.frameMs),
              0.9,
            ),
          ),
          jumpMedian: ms(quantile(jumps, 0.5)),
        })
        await page.close()
      }
    }
  }
  console.log(
    `Chromium ${browser.version()}, ${RUNS} warm runs each, transcript of ${rows[0].words} words / ${rows[0].segments} segments`,
  )
  console.log(
    '| setting | cold render→frame | normalise (median) | React commit (median) | render→frame median | render→frame p90 | highlight jump median |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const r of rows)
    console.log(
      `| ${r.setting} | ${r.cold} | ${r.normalize} | ${r.commit} | ${r.frameMedian} | ${r.frameP90} | ${r.jumpMedian} |`,
    )
} finally {
  await browser.close()
  benchPage.close()
}
