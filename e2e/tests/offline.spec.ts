import { expect, test } from '@playwright/test'

test.describe('offline app shell', () => {
  test('after one visit the app opens with no network', async ({ page, context }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pocket' })).toBeVisible()
    // The precache is complete once the worker is active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })

    // setOffline alone does not cover the worker's own fetches; failing every
    // request at the context level does, so nothing can reach the server.
    await context.setOffline(true)
    await context.route('**/*', (route) => route.abort('internetdisconnected'))
    try {
      await page.goto('/recordings/anything')
      // No network, no cached profile: the guard sends the visitor to /login,
      // rendered entirely from the precached shell.
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pocket' })).toBeVisible()
      await page.goto('/definitely-missing')
      await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible()
    } finally {
      await context.unrouteAll({ behavior: 'ignoreErrors' })
      await context.setOffline(false)
    }
  })
})
