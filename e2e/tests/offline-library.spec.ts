import { expect, test, type Page } from '@playwright/test'
import { closeSidebar, expectSeededLibrary, openSidebar, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * "Available offline": after sign-in the newest recordings' details are
 * fetched in the background, so one never opened reads with the server
 * stopped, and search finds it on the device. Fixture 09 (knee consult)
 * has a summary, action items, four mind maps and a transcript.
 */
const KNEE = 'Sports medicine consult – right knee'

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name, exact: true })
const panel = (page: Page, name: string | RegExp) => page.getByRole('tabpanel', { name, exact: true })
// The phone's bottom bar says "Transcript" where the desktop's tabs say "Transcription".
const TRANSCRIPT = /^Transcript(ion)?$/

/** Opens the user menu's "Available offline" dialog and waits until every recording of the budget is on the device. */
async function waitUntilAllOffline(page: Page): Promise<string> {
  await openSidebar(page)
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Available offline' }).click()
  const dialog = page.getByRole('dialog', { name: 'Available offline' })
  await expect(dialog.getByRole('radio', { name: 'Keep the newest 50 recordings offline' })).toBeChecked()
  const status = dialog.getByRole('status')
  await expect(status).toHaveText(/^(\d+) of \1 recordings available offline$/, { timeout: 30_000 })
  await expect(dialog.getByText(/^\d+(\.\d)? (bytes|kB|MB|GB) used$/)).toBeVisible()
  const text = (await status.textContent()) ?? ''
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('Escape') // and the menu
  await closeSidebar(page)
  return text
}

test.describe('available offline', () => {
  // A pocket of this spec's own, so stopping it leaves the other specs' server alone.
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('a recording never opened reads on every tab with the server stopped, and search finds it', { tag: '@phone-full' }, async ({ page }) => {
    test.setTimeout(90_000) // the whole library is fetched first
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const available = await waitUntilAllOffline(page)
    expect(Number.parseInt(available, 10)).toBeGreaterThan(10)

    await pocket.stop()
    await expect(page.request.get(`${pocket.url}/readyz`)).rejects.toThrow(/ECONNREFUSED/)

    // Search reads the device; its result opens a recording this browser never opened.
    await page.getByRole('searchbox', { name: 'Search recordings' }).fill('patellofem')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page.getByText('Offline: results from recordings on this device')).toBeVisible()
    await page.getByRole('link', { name: KNEE, exact: true }).click()

    await expect(page.getByRole('heading', { level: 1, name: KNEE })).toBeVisible()
    await expect(panel(page, 'Summary')).toContainText('Patellofemoral pain syndrome')
    await tab(page, 'Actionable').click()
    await expect(panel(page, 'Actionable')).toContainText('Book physiotherapy')
    await tab(page, 'Mind map').click()
    await expect(panel(page, 'Mind map').getByRole('tree')).toBeVisible()
    await expect(panel(page, 'Mind map')).toContainText('Knee consult')
    await tab(page, TRANSCRIPT).click()
    await expect(panel(page, TRANSCRIPT)).toContainText('Dr. Shah')
  })
})
