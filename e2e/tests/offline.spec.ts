import { expect, test } from '@playwright/test'
import { expectSeededLibrary, expectSignedInAs, loginHeading, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

test.describe('offline with the server stopped', () => {
  // A pocket of this spec's own, so stopping it leaves the other specs' server alone.
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('a visited page reloads from the service worker and IndexedDB, then recovers', { tag: '@phone' }, async ({ page }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    // The shell is precached once the worker is active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })

    await pocket.stop()
    await expect(page.request.get(`${pocket.url}/readyz`)).rejects.toThrow(/ECONNREFUSED/)
    await page.reload()
    // No server: the worker serves the shell, the profile and library come from IndexedDB.
    await expect(page).toHaveURL(/\/recordings$/)
    await expectSeededLibrary(page)
    await expectSignedInAs(page, DEMO_EMAIL)

    // The offline page keeps retrying; it is closed first, so the answers below are
    // those of the app opened again once the server is back, not of its retries.
    await page.goto('about:blank')
    await pocket.start()
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'))
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/recordings/dashboard')
    await page.goto(`${pocket.url}/recordings`)
    expect((await refreshed).status()).toBe(200)
    expect((await listed).status()).toBe(200)
    await expectSeededLibrary(page)
  })

  test('a first visit is served by its service worker at once: with the server stopped, a screen not opened yet still opens, no reload', async ({ page }) => {
    await pocket.stop() // running or not (after the test before), started afresh
    await pocket.start()
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    // The worker installed by this very visit takes the page over: nothing to reload first.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true)
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true))

    await pocket.stop()
    await page.getByRole('link', { name: 'Ask about all recordings' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ask about all recordings' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('a cold start paints the list as last drawn before any script runs; signing out forgets it', async ({ page, context }) => {
    await pocket.stop() // running or not (after the test before), started afresh
    await pocket.start()
    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const kept = () => page.evaluate(async () => (await caches.match('/kept-screen/recordings', { cacheName: 'pocket-kept-screens' })) !== undefined)
    await expect.poll(kept, { timeout: 15_000 }).toBe(true)
    // What a new tab's HTML held when the parser finished, before the app's scripts ran.
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { keptRows?: number; keptTitle?: string | null }
        w.keptRows = document.querySelectorAll('#prerender[inert] .rec-row').length
        w.keptTitle = document.querySelector('#prerender h1')?.textContent ?? null
      })
    })

    await pocket.stop()
    const tab = await context.newPage()
    await tab.goto(`${pocket.url}/recordings`)
    expect(await tab.evaluate(() => (window as unknown as { keptRows?: number }).keptRows)).toBeGreaterThan(3)
    expect(await tab.evaluate(() => (window as unknown as { keptTitle?: string }).keptTitle)).toBe('Recordings')
    // The app drew its own list from the device, and the copy went.
    await expectSeededLibrary(tab)
    await expect(tab.locator('#prerender')).toHaveCount(0)
    await tab.close()

    await pocket.start()
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(loginHeading(page)).toBeVisible()
    await expect.poll(kept).toBe(false)
    const after = await context.newPage()
    await after.goto(`${pocket.url}/recordings`)
    await expect(loginHeading(after)).toBeVisible()
    expect(await after.evaluate(() => (window as unknown as { keptRows?: number }).keptRows)).toBe(0)
  })
})

test('signed out, the precached shell still opens /login and the 404 page offline', async ({ page, context }) => {
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // Failing every request at the context level also covers the worker's own
  // fetches (setOffline alone does not), so nothing reaches the server.
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  try {
    await page.goto('/recordings/anything')
    // No network and no cached profile: the guard sends the visitor to /login.
    await expect(loginHeading(page)).toBeVisible()
    await page.goto('/definitely-missing')
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible()
  } finally {
    await context.unrouteAll({ behavior: 'ignoreErrors' })
  }
})
