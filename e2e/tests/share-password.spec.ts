import { expect, test } from '@playwright/test'
import { openSignedIn } from '../support/app'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

// Share links with a password (docs/api.md "Protected share links"): the
// visitor's page shows nothing but the password form until the right
// password; wrong ones are refused, then limited (5 per link within 15
// minutes); the unlock outlives a reload; the owner sees the views.
const TITLE = 'Sports medicine consult – right knee'
const PASSWORD = 'knee appointment 42'

test.use({ timezoneId: 'UTC', ...WITHOUT_SERVICE_WORKER })

test('a protected link asks for its password, limits wrong ones, opens with the right one', { tag: '@phone' }, async ({ page, browser }) => {
  await openSignedIn(page, '/recordings/rec_09_consult_knee')
  await page.getByRole('button', { name: 'Share' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Share recording' })
  await dialog.getByLabel('Password (optional)').fill(PASSWORD)
  await expect(dialog.getByRole('checkbox', { name: 'Allow audio download' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const url = await dialog.getByLabel('New share link').inputValue()
  expect(url).toMatch(/\/shared\/recording\?token=/)
  await expect(dialog.getByRole('list', { name: 'Share links' }).getByText(/· Password/).first()).toBeVisible()

  const visitor = await browser.newContext({ timezoneId: 'UTC' })
  try {
    const guest = await visitor.newPage()
    await guest.goto(url)
    const password = guest.getByRole('textbox', { name: 'Password' })
    await expect(password).toBeVisible()
    // Nothing of the recording before the password, not even its title.
    await expect(guest.getByText(TITLE)).toHaveCount(0)
    expect(await guest.title()).not.toContain('Sports medicine')

    const open = guest.getByRole('button', { name: 'Open' })
    for (let i = 0; i < 5; i++) {
      await password.fill(`wrong guess ${i}`)
      await open.click()
      await expect(guest.getByRole('alert')).toHaveText('That password is not right. Please try again.')
      await expect(open).toBeEnabled()
    }
    await password.fill(PASSWORD)
    await open.click()
    await expect(guest.getByRole('alert')).toHaveText(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/)
    await expect(guest.getByText(TITLE)).toHaveCount(0)
  } finally {
    await visitor.close()
  }

  // A second link of the same recording has its own allowance: the right password opens it.
  await dialog.getByLabel('Password (optional)').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await expect(dialog.getByLabel('New share link')).not.toHaveValue(url)
  const second = await dialog.getByLabel('New share link').inputValue()
  const reader = await browser.newContext({ timezoneId: 'UTC' })
  try {
    const guest = await reader.newPage()
    await guest.goto(second)
    await guest.getByRole('textbox', { name: 'Password' }).fill(PASSWORD)
    await guest.getByRole('button', { name: 'Open' }).click()
    await expect(guest.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    // The unlock is kept in a cookie: a reload opens the page without asking again.
    await guest.reload()
    await expect(guest.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    await expect(guest.getByRole('textbox', { name: 'Password' })).toHaveCount(0)
  } finally {
    await reader.close()
  }

  // The owner's list shows the opens (the unlocked page and its reload) and when.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Share' }).first().click()
  const links = page.getByRole('dialog', { name: 'Share recording' }).getByRole('list', { name: 'Share links' })
  // This run's two links, by the end of their tokens (which a listed link shows): the recording may
  // hold links of other runs (the phone's and the desktop's, retries) with views of their own.
  const itemOf = (link: string) => links.getByRole('listitem').filter({ hasText: (new URL(link).searchParams.get('token') ?? '').slice(-4) })
  await expect(itemOf(second).getByText(/^2 views · last /)).toBeVisible()
  await expect(itemOf(url).getByText('No views yet')).toBeVisible()
})
