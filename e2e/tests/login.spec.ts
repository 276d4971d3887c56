import { expect, test } from '@playwright/test'

test.describe('login screen', () => {
  test('a signed-out visitor is sent to /login and sees every way in', async ({ page }) => {
    await page.goto('/recordings')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pocket' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
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

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible()
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
  })

  test('the web app manifest is installable', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest')
    expect(res.ok()).toBeTruthy()
    const manifest = await res.json()
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  })
})
