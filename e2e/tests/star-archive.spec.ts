import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectSeededLibrary } from '../support/app'
import { DEMO_EMAIL, stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket } from '../support/pocket'

/**
 * Starred and Archived, the editable fields added through the field table:
 * toggled from a row and from the recording's header, online and with the
 * server stopped, heard live in a second tab, kept over a reload, and used
 * as the list's filters; archived recordings leave the list and search.
 */

const SYNCED = { timeout: 60_000, intervals: [250, 500, 1000] }
const PUSH = '/pocket.sync.v1.SyncService/Push'

/** A user of this test alone, with three recordings whose titles all hold "Quokka". */
const freshEmail = () => `star-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
const ALPHA = { id: 'star-alpha', title: 'Quokka alpha' }
const BETA = { id: 'star-beta', title: 'Quokka beta' }
const GAMMA = { id: 'star-gamma', title: 'Quokka gamma' }

async function api(request: APIRequestContext, base: string) {
  const { idToken } = (await (await request.post(`${base}/api/v1/auth/refresh`)).json()) as { idToken: string }
  const headers = { Authorization: `Bearer ${idToken}` }
  return {
    async upload(rec: { id: string; title: string }, day: number): Promise<void> {
      const at = `2026-02-${String(day).padStart(2, '0')}T10:00:00Z`
      const res = await request.post(`${base}/api/v1/recordings`, {
        headers,
        data: { recording: { id: rec.id, title: rec.title, description: `${rec.title} notes`, recordingAt: at, createdAt: at, updatedAt: at, duration: 120 } },
      })
      expect(res.status()).toBe(201)
    },
    /** The ids the dashboard lists for a query (e.g. starred=true). */
    async listed(query: string): Promise<string[]> {
      const res = await request.get(`${base}/api/v1/recordings/dashboard?limit=100&${query}`, { headers })
      expect(res.ok(), await res.text()).toBe(true)
      return ((await res.json()) as { data: { id: string }[] }).data.map((r) => r.id).sort()
    },
  }
}

const main = (page: Page) => page.getByRole('main')
const listRow = (page: Page, title: string) => main(page).getByRole('link', { name: title, exact: true })
/** The whole row around a title link: its toggles sit beside the link. */
const rowBox = (page: Page, title: string) => main(page).locator('.rec-row').filter({ has: page.getByRole('link', { name: title, exact: true }) })
const toggle = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true })
const header = (page: Page) => page.locator('.rec-header:visible')

async function expectPressed(scope: Locator, name: string, pressed: boolean): Promise<void> {
  await expect(toggle(scope, name)).toHaveAttribute('aria-pressed', String(pressed))
}

async function applyFilter(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /^Filters/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filters' })
  await dialog.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByRole('button', { name: /^Filters/ }).click()
  await dialog.getByRole('checkbox', { name: label, exact: true }).check()
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()
}

async function listedTitles(page: Page): Promise<string[]> {
  return (await main(page).locator('.rec-row__title').allTextContents()).sort()
}

test.describe('starred and archived', () => {
  test('toggled online from a row and from the header: a second tab sees it live, a reload keeps it, the filters and search follow', { tag: ['@phone', '@relay', '@replicas'] }, async ({ page, context }) => {
    test.setTimeout(120_000)
    const base = stack.pocketURL
    await signInThroughIssuer(page.request, freshEmail(), base)
    const server = await api(page.request, base)
    await server.upload(ALPHA, 3)
    await server.upload(BETA, 2)
    await server.upload(GAMMA, 1)
    await page.goto(`${base}/recordings`)
    await expect(listRow(page, ALPHA.title)).toBeVisible()
    const other = await context.newPage()
    await other.goto(`${base}/recordings`)
    await expect(listRow(other, ALPHA.title)).toBeVisible()

    // Star from the row: pressed at once, on the server, and live in the other tab.
    await expectPressed(rowBox(page, ALPHA.title), 'Star', false)
    await toggle(rowBox(page, ALPHA.title), 'Star').click()
    await expectPressed(rowBox(page, ALPHA.title), 'Unstar', true)
    await expect.poll(() => server.listed('starred=true'), SYNCED).toEqual([ALPHA.id])
    await expectPressed(rowBox(other, ALPHA.title), 'Unstar', true)

    // Archive from the header: the list and the other tab no longer show it.
    await listRow(page, BETA.title).click()
    await expectPressed(header(page), 'Archive', false)
    await toggle(header(page), 'Archive').click()
    await expectPressed(header(page), 'Unarchive', true)
    await expect.poll(() => server.listed('archived=true'), SYNCED).toEqual([BETA.id])
    await expect(listRow(other, BETA.title)).toHaveCount(0)
    await page.goto(`${base}/recordings`)
    await expect(listRow(page, GAMMA.title)).toBeVisible()
    await expect(listRow(page, BETA.title)).toHaveCount(0)

    // A reload keeps both.
    await page.reload()
    await expectPressed(rowBox(page, ALPHA.title), 'Unstar', true)
    await expect(listRow(page, GAMMA.title)).toBeVisible()
    await expect(listRow(page, BETA.title)).toHaveCount(0)
    await page.goto(`${base}/recordings/${BETA.id}`)
    await expectPressed(header(page), 'Unarchive', true)
    await expectPressed(header(page), 'Star', false)

    // Search leaves the archived one out.
    await page.goto(`${base}/recordings?q=quokka`)
    await expect(listRow(page, ALPHA.title)).toBeVisible()
    await expect(listRow(page, GAMMA.title)).toBeVisible()
    await expect(listRow(page, BETA.title)).toHaveCount(0)

    // The filters show exactly the starred, then exactly the archived.
    await page.goto(`${base}/recordings`)
    await applyFilter(page, 'Starred')
    await expect(page).toHaveURL(/[?&]starred=1/)
    await expect.poll(() => listedTitles(page)).toEqual([ALPHA.title])
    await applyFilter(page, 'Archived')
    await expect(page).toHaveURL(/[?&]archived=1/)
    await expect.poll(() => listedTitles(page)).toEqual([BETA.title])

    // Unarchived from the filtered list, it is back in the plain list (here and live in the other tab).
    await toggle(rowBox(page, BETA.title), 'Unarchive').click()
    await expect.poll(() => server.listed('archived=true'), SYNCED).toEqual([])
    await expect(listRow(other, BETA.title)).toBeVisible()
    await page.goto(`${base}/recordings`)
    await expect(listRow(page, BETA.title)).toBeVisible()
  })

  test('toggled with the server stopped: kept over a reload, then sent exactly once when it is back', { tag: '@phone-full' }, async ({ page }) => {
    test.setTimeout(180_000)
    const pocket = await startOwnPocket()
    try {
      const WEEKLY = { id: 'rec_01_weekly_sync', title: 'Weekly Product Sync' }
      const LEO = { id: 'rec_02_one_on_one_leo', title: '1:1 with Leo' }
      await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
      await page.goto(`${pocket.url}/recordings`)
      await expectSeededLibrary(page)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      // Opened once online, so the device holds its detail.
      await page.goto(`${pocket.url}/recordings/${LEO.id}`)
      await expect(page.getByRole('heading', { level: 1, name: LEO.title })).toBeVisible()
      await page.goto(`${pocket.url}/recordings`)
      await expect(listRow(page, WEEKLY.title)).toBeVisible()
      // The Pushes the server answered (one refused for a token gone stale while it was down applied nothing, and is sent again).
      const pushes: string[] = []
      page.on('requestfinished', async (req) => {
        if (!req.url().endsWith(PUSH) || (await req.response())?.status() !== 200) return
        pushes.push(req.postDataBuffer()?.toString('latin1') ?? '')
      })
      await pocket.stop()

      await toggle(rowBox(page, WEEKLY.title), 'Star').click()
      await expectPressed(rowBox(page, WEEKLY.title), 'Unstar', true)
      await expect(rowBox(page, WEEKLY.title).getByRole('img', { name: 'Waiting to sync' })).toBeVisible()
      await page.goto(`${pocket.url}/recordings/${LEO.id}`)
      await toggle(header(page), 'Archive').click()
      await expectPressed(header(page), 'Unarchive', true)
      // The press shows at once; the mark says the edit is kept on the device, as the row's does for the star.
      await expect(header(page).getByRole('img', { name: 'Waiting to sync' })).toBeVisible()

      // A reload with the server still down: the worker serves the app, IndexedDB the edits.
      await page.goto(`${pocket.url}/recordings`)
      await expectPressed(rowBox(page, WEEKLY.title), 'Unstar', true)
      await expect(listRow(page, LEO.title)).toHaveCount(0)

      await pocket.start()
      const server = await api(page.request, pocket.url)
      await expect.poll(() => server.listed('starred=true'), SYNCED).toEqual([WEEKLY.id])
      await expect.poll(() => server.listed('archived=true'), SYNCED).toEqual([LEO.id])
      await expect(rowBox(page, WEEKLY.title).getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0, { timeout: 30_000 })
      await page.reload()
      await expectPressed(rowBox(page, WEEKLY.title), 'Unstar', true)
      await expect(listRow(page, LEO.title)).toHaveCount(0)
      // Each edit went out in exactly one Push the server took.
      expect(pushes.filter((body) => body.includes(WEEKLY.id))).toHaveLength(1)
      expect(pushes.filter((body) => body.includes(LEO.id))).toHaveLength(1)
    } finally {
      await pocket.dispose()
    }
  })
})
