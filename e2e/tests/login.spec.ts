import { expect, test } from '@playwright/test'
import { loginHeading } from '../support/app'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

test.describe('login screen', () => {
  test('a signed-out visitor sees every way in', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/login')
    await expect(loginHeading(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'get yours from here' })).toBeVisible()
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width)
  })

  test('the login screen is drawn from the HTML before any script runs, where the app then draws it', { tag: '@phone' }, async ({ page }) => {
    // Scripts refused: what shows is login.html's own markup.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('/login')
    await expect(page.locator('h1', { hasText: 'Welcome to Pocket' })).toBeVisible()
    await expect(page.locator('input[name="email"]')).toBeVisible()
    const layout = () =>
      Promise.all(['h1', 'input[name="email"]', 'button[type="submit"]', '.login__footer'].map((s) => page.locator(`${s}:visible`).boundingBox()))
    const drawnByHTML = await layout()

    await page.unrouteAll()
    await page.reload()
    // The app's own screen replaced the static copy, in the same place: nothing moves.
    await expect(page.locator('#prerender')).toHaveCount(0)
    await expect(page.getByLabel('Email')).toHaveCount(1)
    await expect(loginHeading(page)).toBeVisible()
    expect(await layout()).toEqual(drawnByHTML)
  })

  test('Continue with Email waits for an @', async ({ page }) => {
    await page.goto('/login')
    const email = page.getByLabel('Email')
    const continueButton = page.getByRole('button', { name: 'Continue with Email' })
    await expect(continueButton).toBeDisabled()
    await email.fill('someone')
    await expect(continueButton).toBeDisabled()
    await email.fill('someone@example.com')
    await expect(continueButton).toBeEnabled()
  })

  test('the web app manifest is installable', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest')
    expect(res.ok()).toBeTruthy()
    const manifest = (await res.json()) as { display: string; icons: { sizes: string }[] }
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  })
})
