import { readFile } from 'node:fs/promises'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * The Mind map tab on the real detail screen, seeded fixtures: 09 (knee
 * consult) has all four map types, 01 (weekly sync) one flow map. Geometry is
 * read from the cards' on-screen boxes, so each check is what a person sees:
 * a card moving by 250 px, growing with the zoom, staying under the pointer.
 */

const KNEE = '/recordings/rec_09_consult_knee'
const SYNC = '/recordings/rec_01_weekly_sync'

async function openMindMap(page: Page, path: string) {
  await openSignedIn(page, path)
  await page.getByRole('tab', { name: 'Mind map' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Mind map' })
  await expect(panel.getByRole('tree')).toBeVisible()
  return panel
}

const zoomLevel = async (panel: Locator) => Number.parseInt((await panel.getByRole('status').textContent()) ?? '', 10)

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not visible')
  return { ...b, cx: b.x + b.width / 2, cy: b.y + b.height / 2 }
}

/**
 * A card's box relative to the canvas, so that the page scrolling (Playwright
 * scrolls controls into view before clicking them) cannot pass for panning.
 */
async function cardBox(card: Locator) {
  const canvas = card.page().getByRole('group', { name: /^Mind map canvas/ })
  const [c, v] = [await box(card), await box(canvas)]
  return { x: c.x - v.x, y: c.y - v.y, width: c.width, height: c.height, cx: c.cx - v.x, cy: c.cy - v.y }
}

/** Within 3 %: the zoom label is a rounded percentage. */
function expectRatio(actual: number, expected: number) {
  expect(Math.abs(actual / expected - 1)).toBeLessThan(0.03)
}

/** The card's box once it stops moving (the fit button animates unless motion is reduced). */
async function settledBox(locator: Locator) {
  let last = await cardBox(locator)
  await expect
    .poll(async () => {
      const now = await cardBox(locator)
      const still = Math.abs(now.x - last.x) < 0.5 && Math.abs(now.width - last.width) < 0.5
      last = now
      return still
    })
    .toBe(true)
  return last
}

test.describe('mind map', () => {
  test('switches between the templates present, with the spec texts', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    await expect(panel.getByRole('tree', { name: 'Flow map' })).toBeVisible()
    await expect(panel.getByRole('treeitem', { name: 'Knee consult', level: 1 })).toBeVisible()

    await panel.getByRole('button', { name: 'Mind map template: Flow map' }).click()
    const chooser = page.getByRole('dialog', { name: 'Choose mind map template' })
    await expect(chooser.getByText('Choose the best match for your needs.')).toBeVisible()
    for (const [label, description] of [
      ['Flow map', 'Maps conversations as they unfold.'],
      ['Context map', 'Adds depth with key details.'],
      ['Cluster map', 'Groups ideas by similarity.'],
      ['Speaker map', 'Organizes by speaker.'],
    ]) {
      await expect(chooser.getByRole('button', { name: `${label} ${description}` })).toBeVisible()
    }
    await chooser.getByRole('button', { name: /^Cluster map/ }).click()
    await expect(chooser).toBeHidden()
    await expect(panel.getByRole('tree', { name: 'Cluster map' })).toBeVisible()
    await expect(panel.getByRole('treeitem', { name: 'Restrictions' })).toBeVisible()

    await panel.getByRole('button', { name: 'Mind map template: Cluster map' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /^Speaker map/ }).click()
    await expect(panel.getByRole('treeitem', { name: 'Consultation', level: 1 })).toBeVisible()
    await expect(panel.getByRole('treeitem', { name: 'Dr. Anita Shah', level: 2 })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the mind map tab')
  })

  test('hides the selector when the recording has one map type', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, SYNC)
    await expect(panel.getByRole('tree', { name: 'Flow map' })).toBeVisible()
    await expect(panel.getByRole('button', { name: /Mind map template/ })).toHaveCount(0)
  })

  test('opens already fitted: the first frame shows the map where it stays', { tag: '@phone' }, async ({ page }) => {
    await openSignedIn(page, SYNC)
    // The scene's transform in the first frame that has one, read before the click so no frame is missed.
    await page.evaluate(() => {
      const w = window as unknown as { firstTransform: Promise<string> }
      w.firstTransform = new Promise((resolve) => {
        const look = () =>
          requestAnimationFrame(() => {
            const t = document.querySelector('.detail__panel--mindmap:not([hidden]) .mm-canvas > g')?.getAttribute('transform')
            if (t) resolve(t)
            else look()
          })
        look()
      })
    })
    await page.getByRole('tab', { name: 'Mind map' }).click()
    const first = await page.evaluate(() => (window as unknown as { firstTransform: Promise<string> }).firstTransform)
    const scene = page.getByRole('tabpanel', { name: 'Mind map' }).locator('.mm-canvas > g')
    await expect(scene).toHaveAttribute('transform', /scale/)
    // A map fitted before the canvas took its final height would be fitted again a frame later: a jump.
    // Let ten frames pass and check the scene has not moved.
    await page.evaluate(() => new Promise<void>((done) => {
      let left = 10
      const tick = () => (--left === 0 ? done() : requestAnimationFrame(tick))
      requestAnimationFrame(tick)
    }))
    expect(await scene.getAttribute('transform')).toBe(first)
  })

  test('zooms in 20 % steps up to 200 % and out down to 10 %', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const card = panel.getByRole('treeitem', { name: 'Follow-up Dec 4' })
    const zoomIn = panel.getByRole('button', { name: 'Zoom in' })
    const zoomOut = panel.getByRole('button', { name: 'Zoom out' })
    const fitted = await zoomLevel(panel)
    const fittedWidth = (await cardBox(card)).width

    await zoomIn.click()
    expect(await zoomLevel(panel)).toBe(fitted + 20)
    expectRatio((await cardBox(card)).width / fittedWidth, (fitted + 20) / fitted)
    while ((await zoomIn.getAttribute('aria-disabled')) !== 'true') await zoomIn.click()
    expect(await zoomLevel(panel)).toBe(200)
    // A dimmed button still takes a click (force: Playwright would wait for aria-disabled to clear); nothing happens.
    await zoomIn.click({ force: true })
    expect(await zoomLevel(panel)).toBe(200)
    expectRatio((await cardBox(card)).width / fittedWidth, 200 / fitted)

    while ((await zoomOut.getAttribute('aria-disabled')) !== 'true') await zoomOut.click()
    expect(await zoomLevel(panel)).toBe(10)
    await zoomOut.click({ force: true })
    expect(await zoomLevel(panel)).toBe(10)
  })

  test('the pan pad moves the map 250 px a press', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const card = panel.getByRole('treeitem', { name: 'Knee consult' })
    const start = await cardBox(card)
    const moves: [string, number, number][] = [
      ['Pan up', 0, 250],
      ['Pan left', 250, 0],
      ['Pan down', 0, -250],
      ['Pan right', -250, 0],
    ]
    let expected = { x: start.x, y: start.y }
    for (const [name, dx, dy] of moves) {
      await panel.getByRole('button', { name }).click()
      expected = { x: expected.x + dx, y: expected.y + dy }
      const now = await cardBox(card)
      expect(now.x).toBeCloseTo(expected.x, 0)
      expect(now.y).toBeCloseTo(expected.y, 0)
    }
  })

  test('fit brings the whole map back into view', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const canvas = panel.getByRole('group', { name: /^Mind map canvas/ })
    const card = panel.getByRole('treeitem', { name: 'Knee consult' })
    // Where the opening fit left it, once its animation is over (a loaded machine draws it later).
    const home = await settledBox(card)
    const fitted = await zoomLevel(panel)
    await panel.getByRole('button', { name: 'Zoom in' }).click()
    await panel.getByRole('button', { name: 'Pan left' }).click()
    await panel.getByRole('button', { name: 'Fit to screen' }).click()
    // The fit animates, and on a loaded machine it may start a frame or two after the click: a
    // still card alone could be the one before it. The level it lands on first, then the rest.
    await expect.poll(() => zoomLevel(panel)).toBe(fitted)
    const back = await settledBox(card)
    expect(back.x).toBeCloseTo(home.x, 0)
    expect(back.y).toBeCloseTo(home.y, 0)
    const view = await box(canvas)
    for (const item of await panel.getByRole('treeitem').all()) {
      const b = await box(item)
      expect(b.x).toBeGreaterThanOrEqual(view.x)
      expect(b.x + b.width).toBeLessThanOrEqual(view.x + view.width + 1)
    }
  })

  test('exports the map as PNG and SVG files that open as images', { tag: '@phone-full' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    for (const [button, file, mime] of [
      ['Export as PNG', 'mind-map-flow.png', 'image/png'],
      ['Export as SVG', 'mind-map-flow.svg', 'image/svg+xml'],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: button }).click()])
      expect(download.suggestedFilename()).toBe(file)
      const bytes = await readFile((await download.path()))
      if (mime === 'image/png') expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
      else expect(bytes.toString('utf8')).toContain('Knee consult')
      const size = await page.evaluate(
        async ([b64, type]) => {
          const img = new Image()
          img.src = `data:${type};base64,${b64}`
          await img.decode()
          return [img.naturalWidth, img.naturalHeight]
        },
        [bytes.toString('base64'), mime] as const,
      )
      expect(size[0]).toBeGreaterThan(300)
      expect(size[1]).toBeGreaterThanOrEqual(300)
    }
  })

  test('dragging with the mouse pans, from a card or from the background', async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const card = panel.getByRole('treeitem', { name: 'Diagnosis: patellofemoral pain' })
    const start = await box(card)
    await page.mouse.move(start.cx, start.cy)
    await page.mouse.down()
    await page.mouse.move(start.cx - 120, start.cy + 60, { steps: 6 })
    await page.mouse.move(start.cx - 200, start.cy + 90, { steps: 6 })
    await page.mouse.up()
    const now = await box(card)
    expect(now.x - start.x).toBeCloseTo(-200, 0)
    expect(now.y - start.y).toBeCloseTo(90, 0)

    // From empty canvas (its top-left corner, left of the root card).
    const view = await box(panel.getByRole('group', { name: /^Mind map canvas/ }))
    await page.mouse.move(view.x + 20, view.y + 20)
    await page.mouse.down()
    await page.mouse.move(view.x + 120, view.y + 70, { steps: 8 })
    await page.mouse.up()
    const again = await box(card)
    expect(again.x - now.x).toBeCloseTo(100, 0)
    expect(again.y - now.y).toBeCloseTo(50, 0)
  })

  test('the wheel zooms around the pointer', async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const card = panel.getByRole('treeitem', { name: 'Diagnosis: patellofemoral pain' })
    const before = await box(card)
    const fitted = await zoomLevel(panel)
    await page.mouse.move(before.cx, before.cy)
    await page.mouse.wheel(0, -300)
    await expect.poll(() => zoomLevel(panel)).toBeGreaterThan(fitted)
    const after = await box(card)
    expect(after.width).toBeGreaterThan(before.width)
    // The card that was under the pointer is still under it.
    expect(after.cx).toBeCloseTo(before.cx, 0)
    expect(after.cy).toBeCloseTo(before.cy, 0)
    const zoomed = await zoomLevel(panel)
    await page.mouse.wheel(0, 300)
    await expect.poll(() => zoomLevel(panel)).toBeLessThan(zoomed)
  })

  test('keyboard: zoom keys, arrow panning, 0 to fit, and a navigable tree', async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const canvas = panel.getByRole('group', { name: /^Mind map canvas/ })
    const root = panel.getByRole('treeitem', { name: 'Knee consult' })
    const fitted = await zoomLevel(panel)
    const home = await cardBox(root)
    await canvas.focus()
    await page.keyboard.press('+')
    expect(await zoomLevel(panel)).toBe(fitted + 20)
    await page.keyboard.press('-')
    expect(await zoomLevel(panel)).toBe(fitted)
    await page.keyboard.press('ArrowRight')
    expect((await cardBox(root)).x).toBeCloseTo(home.x - 250, 0)
    await page.keyboard.press('0')
    // Polled to the fitted place: the fit eases over a few frames, and on a busy machine its first
    // frame can come after two equal reads, which a wait for stillness took for the end.
    await expect.poll(async () => (await cardBox(root)).x).toBeCloseTo(home.x, 0)

    await page.keyboard.press('Tab')
    await expect(root).toBeFocused()
    await page.keyboard.press('ArrowDown')
    const symptoms = panel.getByRole('treeitem', { name: 'Symptoms', level: 2 })
    await expect(symptoms).toBeFocused()
    await expect(symptoms).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Enter')
    await expect(symptoms).toHaveAttribute('aria-expanded', 'false')
    await expect(panel.getByRole('treeitem', { name: '3 weeks, around kneecap' })).toHaveCount(0)
    await page.keyboard.press('ArrowRight')
    await expect(panel.getByRole('treeitem', { name: '3 weeks, around kneecap' })).toBeVisible()
  })

  test('touch: one finger pans, two fingers pinch-zoom', { tag: '@phone-only' }, async ({ page }) => {
    const panel = await openMindMap(page, KNEE)
    const card = panel.getByRole('treeitem', { name: 'Knee consult' })
    const start = await cardBox(card)
    const client = await page.context().newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      client.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) })

    const view = await box(panel.getByRole('group', { name: /^Mind map canvas/ }))
    const x = view.x + view.width / 2
    const y = view.y + view.height / 2
    await touch('touchStart', [{ x, y }])
    for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: x - 10 * i, y: y + 5 * i }])
    await touch('touchEnd', [])
    const panned = await cardBox(card)
    expect(panned.x - start.x).toBeCloseTo(-80, 0)
    expect(panned.y - start.y).toBeCloseTo(40, 0)

    const fitted = await zoomLevel(panel)
    await touch('touchStart', [{ x: x - 40, y }, { x: x + 40, y }])
    for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: x - 40 - 10 * i, y }, { x: x + 40 + 10 * i, y }])
    await touch('touchEnd', [])
    // The fingers spread from 80 to 240 px apart: three times the zoom (within the 200 % limit).
    expect(Math.abs((await zoomLevel(panel)) - Math.min(200, fitted * 3))).toBeLessThanOrEqual(3)
    expect((await cardBox(card)).width).toBeGreaterThan(panned.width * 2)
  })
})
