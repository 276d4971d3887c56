import { expect, test, type Page } from '@playwright/test'
import { expectSeededLibrary, loginHeading, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { waitForSignInCode } from '../support/mailpit'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

const digitBoxes = (page: Page) => page.getByRole('group', { name: 'Verification code' }).getByRole('textbox')

async function expectBoxes(page: Page, digits: string): Promise<void> {
  for (let i = 0; i < 6; i++) await expect(digitBoxes(page).nth(i)).toHaveValue(digits[i] ?? '')
}

/** Email step → code step. Returns the time the code was asked for. */
async function askForCode(page: Page, email: string): Promise<number> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Continue with Email' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Enter verification code' })).toBeVisible()
  await expect(page.getByText('We sent a 6-digit code to')).toContainText(email)
  await expect(digitBoxes(page)).toHaveCount(6)
  // The first box has focus, so the code can simply be typed.
  await expect(digitBoxes(page).first()).toBeFocused()
  return since
}

test.describe('e-mail sign-in', () => {
  // One happy path, on the desktop: the server allows one code per address
  // per minute, and the seeded library belongs to the demo address alone.
  test('the mailed code signs in; the session survives a reload; logout ends it', { tag: ['@relay', '@replicas'] }, async ({ page }) => {
    const since = await askForCode(page, DEMO_EMAIL)
    const code = await waitForSignInCode(DEMO_EMAIL, since)

    await page.keyboard.type(code)
    await expectBoxes(page, code)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await expect(page.getByText('Verification successful!')).toBeVisible()
    await expect(page).toHaveURL(/\/recordings$/)
    await expectSeededLibrary(page)

    // The refresh cookie brings the session back; no second sign-in.
    await page.reload()
    await expect(page).toHaveURL(/\/recordings$/)
    await expectSeededLibrary(page)

    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginHeading(page)).toBeVisible()

    // The server forgot the session too: a reload and a protected URL stay signed out.
    await page.reload()
    await expect(loginHeading(page)).toBeVisible()
    await page.goto('/recordings')
    await expect(page).toHaveURL(/\/login$/)
    await expect(loginHeading(page)).toBeVisible()
  })

  test('a wrong code says so and clears the boxes', { tag: '@phone-full' }, async ({ page }, testInfo) => {
    // An address per project: each may ask for a code at once.
    const email = `wrong-code-${testInfo.project.name}@example.com`
    const since = await askForCode(page, email)
    const code = await waitForSignInCode(email, since)
    const wrong = code === '000000' ? '111111' : '000000'

    await digitBoxes(page).first().pressSequentially(wrong)
    await expectBoxes(page, wrong)
    await page.getByRole('button', { name: 'Verify Code' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code' })).toBeVisible()
    await expectBoxes(page, '')
    await expect(page.getByRole('button', { name: 'Verify Code' })).toBeDisabled()
    await expect(page).toHaveURL(/\/login$/)
  })
})
