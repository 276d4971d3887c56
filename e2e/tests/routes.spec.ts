import { expect, test } from '@playwright/test'
import { expectSeededLibrary, loginHeading, openSignedIn } from '../support/app'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

test.describe('route table', () => {
  test('signed out: / goes to /recordings, which goes to /login', async ({ page }) => {
    await page.goto('/login')
    await expect(loginHeading(page)).toBeVisible()
    const entries = await page.evaluate(() => history.length)
    await page.goto('/')
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginHeading(page)).toBeVisible()
    // Both redirects replace the entry (spec §2), so Back does not lead into the guard again.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1)
    await page.goto('/recordings/rec_01_weekly_sync')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('signed in: /login and / go to /recordings', async ({ page }) => {
    await openSignedIn(page, '/login')
    await expect(page).toHaveURL(/\/recordings$/)
    await expectSeededLibrary(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/recordings$/)
    await expectSeededLibrary(page)
  })

  test("signed in, the list's and a recording's HTML preload their screen's code; signed out they do not", async ({ page, playwright, baseURL }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    // The page's request context sends the browser's cookies (the session marker among them).
    const html = async (path: string) => (await page.request.get(path)).text()
    const preloads = (text: string, chunk: string) => new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`).test(text)
    expect(preloads(await html('/recordings'), 'RecordingsPage')).toBe(true)
    // A recording's page opening on another tab (one opening on its summary is filled, see recordings.spec).
    expect(preloads(await html('/recordings/rec_01_weekly_sync?tab=transcription'), 'RecordingDetailPage')).toBe(true)
    const signedOut = await playwright.request.newContext({ baseURL })
    try {
      const list = await (await signedOut.get('/recordings')).text()
      expect(list).toContain('<div id="root">')
      expect(preloads(list, 'RecordingsPage')).toBe(false)
    } finally {
      await signedOut.dispose()
    }
  })

  test('Back and Forward move between the pages opened; a link to the page shown adds no entry', async ({ page }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: /^Work,/ }).click()
    await expect(page).toHaveURL(/\/recordings\?folder=/)
    const folderPage = page.url()
    await nav.getByRole('link', { name: /^Work,/ }).click() // the page already shown
    await nav.getByRole('link', { name: 'Recordings', exact: true }).click()
    await expect(page).toHaveURL(/\/recordings$/)
    await page.getByRole('main').getByRole('link', { name: 'Weekly Product Sync' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/recordings$/)
    await page.goBack()
    await expect(page).toHaveURL(folderPage)
    await page.goBack() // one entry for the folder, however often it was clicked
    await expect(page).toHaveURL(/\/recordings$/)
    await page.goForward()
    await page.goForward()
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeVisible()
  })

  test('an unknown path shows the 404 page', { tag: '@phone' }, async ({ page }) => {
    const res = await page.goto('/no-such-page/at/all')
    expect(res?.ok()).toBe(true) // the app answers, not the server's error page
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible()
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
    await expect(loginHeading(page)).toHaveCount(0)
  })
})
