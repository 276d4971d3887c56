import { expect, test, type Page } from '@playwright/test'
import { expectSeededLibrary, openSignedIn, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })

/** What the sidebar holds on every screen size (spec §2, list screen). */
async function expectSidebarContents(page: Page): Promise<void> {
  const side = sidebar(page)
  await expect(side.getByText('Pocket Web Beta', { exact: true })).toBeVisible() // name and badge
  await expect(side.getByText('Web Beta', { exact: true })).toBeVisible()
  await expect(side.getByText('Your AI thought companion', { exact: true })).toBeVisible()
  const menu = userMenuButton(page)
  await expect(menu).toBeVisible()
  // The initial avatar beside the address.
  await expect(menu).toHaveText(`D${DEMO_EMAIL}`)
}

test.describe('signed-in shell', () => {
  test('1280 px: a 280 px sidebar with the brand and the user menu', async ({ page }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
    await expect(sidebar(page)).toBeInViewport()
    expect((await sidebar(page).boundingBox())?.width).toBe(280)
    await expectSidebarContents(page)

    await userMenuButton(page).click()
    await expect(userMenuButton(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveCount(0)
  })

  test('390 px: the sidebar is a drawer behind the menu button', { tag: '@phone-only' }, async ({ page }) => {
    await openSignedIn(page)
    await expectSeededLibrary(page)
    const openMenu = page.getByRole('button', { name: 'Open menu' })
    await expect(sidebar(page)).toBeHidden()
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false')

    await openMenu.click()
    await expect(sidebar(page)).toBeInViewport()
    await expect(openMenu).toHaveAttribute('aria-expanded', 'true')
    await expectSidebarContents(page)
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(sidebar(page)).toBeHidden()

    // Keyboard: Enter opens it and focus moves into it; Escape closes it and
    // focus goes back to the button that opened it.
    await openMenu.focus()
    await page.keyboard.press('Enter')
    await expect(sidebar(page)).toBeInViewport()
    await expect(sidebar(page).locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).toBeHidden()
    await expect(openMenu).toBeFocused()
  })
})
