import { expect, test, type Page } from '@playwright/test'
import { expectSignedInAs, loginHeading } from '../support/app'
import { stack } from '../support/env'
import { queuePerson } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/** /login once it knows which providers the server offers (the buttons act on that). */
async function openLogin(page: Page): Promise<void> {
  const providers = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/providers')
  await page.goto('/login')
  expect(await (await providers).json()).toEqual({ google: true, apple: false })
  await expect(loginHeading(page)).toBeVisible()
}

/** Records the features string of every window.open, to check the popup's size. */
async function recordWindowOpens(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: string[] = []
    ;(window as unknown as { __opens: string[] }).__opens = calls
    const open = window.open.bind(window)
    window.open = (url, target, features) => (calls.push(String(features)), open(url, target, features))
  })
  return () => page.evaluate(() => (window as unknown as { __opens: string[] }).__opens)
}

/** What the app logs as an error or throws, from now on. */
function appErrorsFrom(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

test.describe('Continue with Google', () => {
  test('the popup goes to the issuer and back, and the app signs in', { tag: ['@phone-full', '@relay', '@replicas'] }, async ({ page, context }, testInfo) => {
    const name = `Gina ${testInfo.project.name}`
    await queuePerson({ email: `gina-${testInfo.project.name}@example.com`, name })
    const opens = await recordWindowOpens(page)
    const issuerPaths: string[] = []
    context.on('request', (r) => r.url().startsWith(stack.issuerURL) && issuerPaths.push(new URL(r.url()).pathname))
    await openLogin(page)

    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    // The callback page hands the app its token and closes itself.
    if (!popup.isClosed()) await popup.waitForEvent('close')

    await expect(page).toHaveURL(/\/recordings$/)
    await expectSignedInAs(page, name)
    expect(issuerPaths).toContain('/authorize')
    expect(await opens()).toEqual([expect.stringContaining('width=500,height=600')])
    // The new account has no recordings; the list says how to get a device.
    await expect(page.getByRole('main').getByRole('link', { name: 'get yours from here' })).toBeVisible()
  })

  test('a popup the user closes does nothing', async ({ page }) => {
    await openLogin(page)
    const errors = appErrorsFrom(page) // from here on: the signed-out start-up's 401 is expected
    // Nobody is queued at the issuer, so the popup waits there, like a person
    // who has not picked an account yet; then the person closes it.
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    await popup.waitForURL((url) => url.href.startsWith(`${stack.issuerURL}/authorize`))
    await popup.close()

    // The app notices a closed popup within 0.5 s and gives its last message 1 s
    // more (pwa/src/features/auth/popup.ts); nothing may happen after that.
    // Nothing visible marks "nothing happened": this one wait is on purpose, past that 1.5 s.
    await page.waitForTimeout(2_500)
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginHeading(page)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('Apple, not configured on this server, says so and opens nothing', async ({ page }) => {
    await openLogin(page)
    let popups = 0
    page.on('popup', () => popups++)
    await page.getByRole('button', { name: 'Continue with Apple' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Sign-in with Apple is not configured on this server' })).toBeVisible()
    expect(popups).toBe(0)
    await expect(page).toHaveURL(/\/login$/)
  })
})
