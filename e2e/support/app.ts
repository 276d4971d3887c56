import { expect, type Browser, type Page, type TestInfo } from '@playwright/test'
import { DEMO_EMAIL } from './env'
import { signInThroughIssuer } from './issuer'

/** A recording of the seeded library near the top of the list (fixtures/recordings/01-*). */
export const SEEDED_TITLE = 'Weekly Product Sync'

/** The signed-in list shows the seeded library (from the network or IndexedDB). */
export async function expectSeededLibrary(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()
  await expect(page.getByRole('main').getByText(SEEDED_TITLE, { exact: true })).toBeVisible()
}

/** Signs the page's context in (demo user by default) and opens `path`. */
export async function openSignedIn(page: Page, path = '/recordings', email = DEMO_EMAIL): Promise<void> {
  await signInThroughIssuer(page.request, email)
  await page.goto(path)
}

/** Renames the open recording through its title's edit box; resolves once the new title heads the screen. */
export async function renameOpenRecording(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit title' }).click()
  const box = page.getByRole('textbox', { name: 'Title' })
  await box.fill(title)
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
}

export const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Welcome to Pocket' })

/** The signed-in user's menu button in the sidebar (its name is the display name or e-mail). */
export const userMenuButton = (page: Page, label = DEMO_EMAIL) => page.getByRole('button', { name: label, exact: true })

/**
 * The shell names `label` as the signed-in user, also on a phone, where the
 * user menu sits in the closed (hidden) drawer.
 */
export async function expectSignedInAs(page: Page, label: string): Promise<void> {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar', includeHidden: true })
  await expect(sidebar.getByText(label, { exact: true })).toBeAttached()
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024

/** Makes the sidebar visible: on a phone it is a drawer behind "Open menu". */
export async function openSidebar(page: Page): Promise<void> {
  if (!isPhone(page)) return
  const openMenu = page.getByRole('button', { name: 'Open menu' })
  if ((await openMenu.getAttribute('aria-expanded')) !== 'true') await openMenu.click()
}

/** Closes the phone drawer if it is open (Escape, as a keyboard user would). */
export async function closeSidebar(page: Page): Promise<void> {
  if (
    isPhone(page) &&
    (await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')) === 'true'
  ) {
    await page.keyboard.press('Escape')
  }
}

/** Another browser (its own storage) at the project's viewport: a second device. */
export async function secondDevice(browser: Browser, info: TestInfo): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = info.project.use
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
  return context.newPage()
}
