import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { expectSeededLibrary, openSidebar, secondDevice, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * Highlights (issue 42, ADR 15): words selected in the transcript become a
 * highlight, marked in the transcript, listed on the recording's Highlights
 * tab and at /highlights; its note is edited there and a delete can be
 * undone; one made offline is kept over a reload and reaches another
 * device live once the server is back. Each test has a server of its own.
 */

const WEEKLY = 'rec_01_weekly_sync'
// Two lines of fixtures/recordings/01-*: 15.87–19.47 s and 20.51–30.59 s.
const FROM = 'do you want to start'
const TO = 'the short version'
const QUOTED = /Daniel, do you want to start with the release\? Sure\. So the short version/
const SYNCED = { timeout: 60_000, intervals: [250, 500, 1000] }

let pocket: OwnPocket
test.beforeEach(async () => {
  pocket = await startOwnPocket()
})
test.afterEach(async () => {
  await pocket?.dispose()
})

const panel = (page: Page, name: string | RegExp) => page.getByRole('tabpanel', { name })

async function signedInAt(page: Page, path: string): Promise<void> {
  await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
  await page.goto(`${pocket.url}/recordings`)
  await expectSeededLibrary(page)
  await page.goto(`${pocket.url}${path}`)
}

/** signedInAt with the app's worker ready: the device opens (and reloads) with the server down. */
async function deviceAt(page: Page, path: string): Promise<void> {
  await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
  await page.goto(`${pocket.url}/recordings`)
  await expectSeededLibrary(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.goto(`${pocket.url}${path}`)
}

type Point = { x: number; y: number }

/**
 * Page side: the range from the start of `from` to the end of `to` in the
 * transcript's words. `select`: made the page's selection (null); else the
 * points a drag goes between.
 */
function transcriptRange({ from, to, select }: { from: string; to: string; select: boolean }): Point[] | null {
  const lines = Array.from(document.querySelectorAll('.transcript .transcript__text'))
  const at = (phrase: string, atEnd: boolean): { node: Node; offset: number } => {
    for (const line of lines) {
      const node = line.firstChild?.nodeType === Node.TEXT_NODE ? line.firstChild : line.firstChild?.firstChild
      const i = node?.textContent?.indexOf(phrase) ?? -1
      if (node && i >= 0) return { node, offset: atEnd ? i + phrase.length : i }
    }
    throw new Error(`no transcript line says "${phrase}"`)
  }
  const a = at(from, false)
  const b = at(to, true)
  if (select) {
    const range = document.createRange()
    range.setStart(a.node, a.offset)
    range.setEnd(b.node, b.offset)
    const selection = window.getSelection()!
    selection.removeAllRanges()
    selection.addRange(range)
    return null
  }
  const charBox = (p: { node: Node; offset: number }, end: boolean): Point => {
    const r = document.createRange()
    r.setStart(p.node, end ? p.offset - 1 : p.offset)
    r.setEnd(p.node, end ? p.offset : p.offset + 1)
    const box = r.getBoundingClientRect()
    return { x: end ? box.right - 1 : box.left + 1, y: box.top + box.height / 2 }
  }
  return [charBox(a, false), charBox(b, true)]
}

/**
 * Selects from the start of `from` to the end of `to`: with the mouse (a
 * drag) on a desktop; on a phone, as a touch selection ends, through the
 * Selection API (a test cannot long-press the system's handles).
 */
async function selectWords(page: Page, from: string, to: string, info: TestInfo, drag: boolean): Promise<void> {
  // Both ends in the middle of the viewport: a drag whose end lies outside it makes the browser
  // scroll the page (and extend the selection) for as long as the button stays down.
  await page.locator('.transcript').getByText(from).evaluate((line) => line.scrollIntoView({ block: 'center' }))
  const touch = info.project.use.hasTouch === true
  if (touch || !drag) {
    await page.evaluate(transcriptRange, { from, to, select: true })
    return
  }
  // Where the words are once the scroll has settled (it may be smooth): the same twice in a row.
  let points = await page.evaluate(transcriptRange, { from, to, select: false })
  await expect
    .poll(async () => {
      const before = JSON.stringify(points)
      points = await page.evaluate(transcriptRange, { from, to, select: false })
      return JSON.stringify(points) === before
    })
    .toBe(true)
  const [a, b] = points as [Point, Point]
  const height = page.viewportSize()!.height
  expect([a.y, b.y].every((y) => y > 0 && y < height), `both ends of the drag inside the viewport: ${JSON.stringify(points)}`).toBe(true)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 8 })
  await page.mouse.up()
}

/**
 * Selects the two lines and saves them as a highlight with `note`: with a mouse drag on a
 * desktop (drag), else as a script selects (the offline flow, whose point is not the drag: on a
 * loaded machine a drag's points can move under it).
 */
async function highlight(page: Page, note: string, info: TestInfo, drag = true): Promise<void> {
  const transcript = panel(page, /^Transcri/)
  await selectWords(page, FROM, TO, info, drag)
  const bar = transcript.getByRole('region', { name: 'Highlight the selection' })
  await expect(bar).toContainText('2 lines selected, 0:15–0:30')
  await bar.getByRole('button', { name: 'Highlight' }).click()
  const box = bar.getByRole('textbox', { name: 'Note (optional)' })
  await expect(box).toBeFocused()
  await box.fill(note)
  await bar.getByRole('button', { name: 'Save highlight' }).click()
  await expect(bar).toHaveCount(0)
}

async function apiHighlights(page: Page): Promise<{ text: string; note: string }[]> {
  const refreshed = await page.request.post(`${pocket.url}/api/v1/auth/refresh`)
  const { idToken } = (await refreshed.json()) as { idToken: string }
  const res = await page.request.get(`${pocket.url}/api/v1/recordings/${WEEKLY}/highlights`, {
    headers: { Authorization: `Bearer ${idToken}` },
  })
  const body = (await res.json()) as { data: { text: string; note: string }[] | { highlights: { text: string; note: string }[] } }
  return Array.isArray(body.data) ? body.data : body.data.highlights
}

test('words selected in the transcript become a highlight: marked there, listed in the tab and at /highlights, its note edited, its delete undone', { tag: '@phone' }, async ({ page }, info) => {
  test.setTimeout(120_000)
  await signedInAt(page, `/recordings/${WEEKLY}?tab=transcription`)
  await highlight(page, 'Release slips', info)

  // Marked in the transcript, with a button that opens it in the Highlights tab.
  const transcript = panel(page, /^Transcri/)
  await expect(transcript.locator('mark')).toHaveCount(2)
  const mark = transcript.getByRole('button', { name: 'Highlight at 0:15: Release slips' })
  await mark.focus()
  await page.keyboard.press('Enter')
  const tab = panel(page, 'Highlights')
  const item = tab.getByRole('listitem', { name: 'Highlight at 0:15' })
  await expect(item).toBeFocused()
  await expect(item).toContainText(QUOTED)
  await expect(item).toContainText('Release slips')
  await expect.poll(async () => (await apiHighlights(page)).map((h) => h.note), SYNCED).toEqual(['Release slips'])
  expect((await apiHighlights(page))[0].text).toMatch(QUOTED)

  await expectNoSeriousA11yViolations(page, 'Highlights tab with a highlight')

  // The note, edited in place.
  await item.getByRole('button', { name: 'Edit note' }).click()
  const note = item.getByRole('textbox', { name: 'Note' })
  await expect(note).toBeFocused()
  await note.fill('Release slips to December first')
  await item.getByRole('button', { name: 'Save note' }).click()
  await expect(item).toContainText('Release slips to December first')
  await expect(item.getByRole('button', { name: 'Edit note' })).toBeFocused()

  // Share clip: a link that opens just this moment for someone signed out.
  await item.getByRole('button', { name: 'Share clip' }).click()
  const share = page.getByRole('dialog', { name: 'Share clip' })
  await share.getByRole('button', { name: 'Create link' }).click()
  const link = await share.getByRole('textbox', { name: 'New clip link' }).inputValue()
  expect(link).toMatch(/\/shared\/clip\?token=/)
  await share.getByRole('button', { name: 'Close' }).first().click()
  await expect(share).toHaveCount(0)
  const visitor = await (await page.context().browser()!.newContext()).newPage()
  await visitor.goto(link)
  await expect(visitor.getByRole('heading', { name: 'Weekly Product Sync' })).toBeVisible()
  // Its lines, each with its speaker.
  await expect(visitor.getByRole('main')).toContainText('Priya Raman 0:15Daniel, do you want to start with the release?')
  await expect(visitor.getByRole('main')).toContainText('Daniel Okafor 0:20Sure. So the short version')
  await expect(visitor.getByRole('main')).not.toContainText('Release slips') // the owner's note stays private
  await visitor.context().close()

  // The library's highlights, through the account menu: searchable by note and words.
  await page.goto(`${pocket.url}/recordings`)
  await openSidebar(page)
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Highlights' }).click()
  await expect(page).toHaveURL(/\/highlights$/)
  const library = page.getByRole('list', { name: 'Highlights' })
  await expect(library.getByRole('listitem')).toHaveCount(1)
  await expect(library).toContainText('Weekly Product Sync')
  const search = page.getByRole('searchbox', { name: 'Search highlights' })
  await search.fill('december first')
  await expect(library.getByRole('listitem')).toHaveCount(1)
  await expectNoSeriousA11yViolations(page, 'the library’s highlights')
  await search.fill('nothing says this')
  await expect(page.getByText('No highlights match')).toBeVisible()
  await search.fill('')

  // Delete, then Undo: it stays; delete again: gone here and on the server.
  const row = library.getByRole('listitem', { name: 'Highlight at 0:15' })
  await row.getByRole('button', { name: 'Delete' }).click()
  await expect(library).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No highlights yet', { exact: false })).toBeVisible()
  await expect.poll(async () => (await apiHighlights(page)).length, SYNCED).toBe(0)

  // The link to the recording at its time.
  await page.goto(`${pocket.url}/recordings/${WEEKLY}?tab=highlights`)
  await expect(panel(page, 'Highlights')).toContainText('No highlights yet')
})

test('a highlight made offline is kept over a reload and reaches another device live once online', { tag: '@phone-full' }, async ({ page, browser }, info) => {
  test.setTimeout(180_000)
  await deviceAt(page, `/recordings/${WEEKLY}?tab=transcription`)
  await expect(panel(page, /^Transcri/)).toContainText(FROM)
  const other = await secondDevice(browser, info)
  await deviceAt(other, `/recordings/${WEEKLY}?tab=highlights`)
  await expect(panel(other, 'Highlights')).toContainText('No highlights yet')

  // Offline: the browser and the server both gone (the service worker's fetches ignore setOffline).
  await page.context().setOffline(true)
  await pocket.stop()
  await highlight(page, 'Made offline', info, false)
  await page.reload()
  await page.getByRole('tab', { name: 'Highlights' }).click()
  const item = panel(page, 'Highlights').getByRole('listitem', { name: 'Highlight at 0:15' })
  await expect(item).toContainText(QUOTED)
  await expect(item).toContainText('Made offline')

  await pocket.start()
  await page.context().setOffline(false)
  const there = panel(other, 'Highlights').getByRole('listitem', { name: 'Highlight at 0:15' })
  await expect(there).toContainText('Made offline', SYNCED)
  await expect(there).toContainText(QUOTED)
  await other.context().close()
})
