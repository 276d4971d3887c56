import { expect, test } from '@playwright/test'
import { expectSeededLibrary, loginHeading, openSignedIn } from '../support/app'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { waitForSignInCode } from '../support/mailpit'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

test.describe('accessibility (axe): no serious or critical violations', () => {
  test('login, both steps', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/login')
    await expect(loginHeading(page)).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the e-mail step')

    const email = `axe-${testInfo.project.name}@example.com`
    await page.getByLabel('Email').fill(email)
    const since = Date.now()
    await page.getByRole('button', { name: 'Continue with Email' }).click()
    await expect(page.getByRole('heading', { name: 'Enter verification code' })).toBeVisible()
    await waitForSignInCode(email, since) // the step is settled: the code went out
    await expectNoSeriousA11yViolations(page, 'the code step')
  })

  test('the signed-in shell with the library', { tag: '@phone' }, async ({ page }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    await expectNoSeriousA11yViolations(page, 'the shell')
  })

  test('the open drawer on a phone', { tag: '@phone-only' }, async ({ page }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeInViewport()
    await expectNoSeriousA11yViolations(page, 'the open drawer')
  })
})
