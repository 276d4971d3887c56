import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type Page } from '@playwright/test'

/**
 * The empty-state animations in a real browser: the real Rive runtime (the
 * exact @rive-app/canvas files the PWA bundles: its JavaScript and its wasm)
 * loads OUR generated /animations/*.riv from the real pocket server and
 * animates them, with nothing fetched from any other origin.
 *
 * The page is the app's own /login (public), so the server's Content-Security-
 * Policy applies. The runtime's two files are answered on the app's origin
 * from node_modules: no screen renders the empty-state block yet, so the
 * built app holds no wasm to take them from. The .riv files are not routed:
 * they come from the server's build of pwa/public/animations.
 */

const require = createRequire(import.meta.url)
const runtimeDir = require.resolve('@rive-app/canvas/package.json').replace(/package\.json$/, '')
const RUNTIME = '/__e2e/rive/rive.js'
const WASM = '/__e2e/rive/rive.wasm'

type Sample = { painted: number; colours: number; hash: string }

declare global {
  interface Window {
    rive: typeof import('@rive-app/canvas')
    playRiv: (src: string, autoplay: boolean) => Promise<string>
    sampleRiv: () => Sample
  }
}

test.use({ serviceWorkers: 'block' }) // a worker's fetches would bypass page.route

async function openWithRuntime(page: Page, requests: string[]) {
  page.on('request', (r) => requests.push(r.url()))
  await page.route(`**${RUNTIME}`, (route) =>
    route.fulfill({ body: readFileSync(`${runtimeDir}rive.js`), contentType: 'text/javascript' }),
  )
  await page.route(`**${WASM}`, (route) =>
    route.fulfill({ body: readFileSync(`${runtimeDir}rive.wasm`), contentType: 'application/wasm' }),
  )
  await page.goto('/login')
  await page.addScriptTag({ url: RUNTIME })
  await page.evaluate((wasm) => {
    const { Rive, RuntimeLoader } = window.rive
    // What the PWA does (pwa/src/ui/empty-state/riveRuntime.ts): our wasm, no CDN fallback.
    RuntimeLoader.setWasmUrl(wasm)
    RuntimeLoader.setWasmFallbackUrl(null)
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 300
    canvas.setAttribute('style', 'position:fixed;inset:0;width:300px;height:300px;z-index:9999;background:#fff')
    document.body.append(canvas)
    window.playRiv = (src, autoplay) =>
      new Promise((resolve) => {
        new Rive({
          src,
          canvas,
          autoplay,
          stateMachine: 'State Machine 1',
          enableRiveAssetCDN: false,
          onLoad: () => resolve('loaded'),
          onLoadError: (e) => resolve(`error: ${JSON.stringify(e.data)}`),
        })
      })
    // How much is painted, in how many colours, and a fingerprint of the frame.
    window.sampleRiv = () => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
      const colours = new Set<number>()
      let painted = 0
      let hash = 0
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 0) painted++
        colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4))
        hash = (Math.imul(hash, 31) + data[i] + data[i + 1] * 3 + data[i + 2] * 7 + data[i + 3] * 11) | 0
      }
      return { painted: painted / (data.length / 4), colours: colours.size, hash: hash.toString(16) }
    }
  }, WASM)
}

async function samples(page: Page, count: number, everyMs: number): Promise<Sample[]> {
  const out: Sample[] = []
  for (let i = 0; i < count; i++) {
    // Sampling a running animation at intervals: time itself is what is measured here.
    await page.waitForTimeout(everyMs)
    out.push(await page.evaluate(() => window.sampleRiv()))
  }
  return out
}

function expectOnlyOurOrigin(requests: string[], origin: string) {
  const foreign = requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin)
  expect(foreign, 'requests to other origins').toEqual([])
}

for (const name of ['no_summarise', 'no_action']) {
  test(`${name}.riv loads in the real runtime and keeps animating`, async ({ page, baseURL }, testInfo) => {
    const requests: string[] = []
    await openWithRuntime(page, requests)
    const riv = page.waitForResponse((r) => r.url().endsWith(`/animations/${name}.riv`))
    expect(await page.evaluate((src) => window.playRiv(src, true), `/animations/${name}.riv`)).toBe('loaded')
    expect((await riv).status()).toBe(200)

    // Eleven frames over 5.5 s: more than one 4 s loop, so it loops rather
    // than playing once and freezing. Symmetric motions can match at t and
    // T−t, so every frame is compared with the one before it, not just two.
    const frames = await samples(page, 11, 550)
    for (const f of frames) {
      // The halo disc alone covers ~48% of the square.
      expect(f.painted, 'share of the canvas painted').toBeGreaterThan(0.4)
      expect(f.colours, 'distinct colours').toBeGreaterThan(2)
    }
    // A loaded machine may hold one frame across one interval; a freeze after
    // the first loop holds the last ones, so the last two must differ.
    const held = frames.slice(1).flatMap((f, i) => (f.hash === frames[i].hash ? [`frame ${i + 1} vs ${i}`] : []))
    expect(held.length, `frames held: ${held.join(', ')}`).toBeLessThanOrEqual(1)
    expect(frames.at(-1)!.hash, 'the last frame vs the one before it').not.toBe(frames.at(-2)!.hash)
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`), clip: { x: 0, y: 0, width: 300, height: 300 } })

    expect(requests.some((u) => u.endsWith(WASM)), 'the wasm came from our origin').toBe(true)
    expectOnlyOurOrigin(requests, new URL(baseURL!).origin)
  })
}

test('without autoplay (reduced motion) the runtime shows a still frame', async ({ page }) => {
  await openWithRuntime(page, [])
  expect(await page.evaluate(() => window.playRiv('/animations/no_action.riv', false))).toBe('loaded')
  const [first, later] = await samples(page, 2, 700)
  expect(first.painted).toBeGreaterThan(0.4)
  expect(later.hash).toBe(first.hash)
})

test('a file of another format version fails to load cleanly (negative control)', async ({ page, baseURL }) => {
  const good = await page.request.get(`${baseURL}/animations/no_action.riv`)
  const bytes = Buffer.from(await good.body())
  bytes[4] = 6 // the major version after "RIVE": the runtime accepts only 7
  await page.route('**/animations/major6.riv', (route) => route.fulfill({ body: bytes, contentType: 'application/octet-stream' }))
  await openWithRuntime(page, [])
  expect(await page.evaluate(() => window.playRiv('/animations/major6.riv', true))).toMatch(/^error: /)
})
