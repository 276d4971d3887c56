import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { openSignedIn } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

/**
 * Library search reaches transcripts (the matched passage shows under the
 * title with the words marked, and opens the recording there), and the
 * Filters panel narrows the list by folder and "Has summary".
 */
test.use({ timezoneId: 'UTC', ...WITHOUT_SERVICE_WORKER })

const FIXTURES = new URL('../../fixtures/recordings/', import.meta.url)
const BAKERY = 'User research – bakery owner (P4)'
const BUDGET = 'Q4 Budget Review – Product & Engineering'
// Without a summary, and nothing to summarise (no transcript): the server's
// summariser leaves it so, unlike a fixture whose transcript it can summarise.
const BARE = 'Pocket recording'

const row = (page: Page, name: string) => page.getByRole('link', { name, exact: true })
const rowTitles = (page: Page) => page.getByRole('main').locator('.rec-row__title')

test('a word said only in a transcript finds the recording, marked in its passage, and opens it there', { tag: '@phone-full' }, async ({ page }) => {
  await openSignedIn(page)
  const search = page.getByRole('searchbox', { name: 'Search recordings' })
  await search.fill('croissants')
  await search.press('Enter')
  const link = row(page, BAKERY)
  await expect(link).toBeVisible()
  const box = page.getByRole('main').locator('.rec-row').filter({ has: link })
  await expect(box.locator('.rec-row__match')).toContainText('a dozen croissants')
  await expect(box.locator('.rec-row__match mark')).toHaveText(['croissants'])
  await expect(link).toHaveAttribute('href', /\?t=35\.98$/)

  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: BAKERY })).toBeVisible()
  await expect(page.getByRole('tab', { name: /^Transcript(ion)?$/ })).toHaveAttribute('aria-selected', 'true')
  const current = page.getByRole('tabpanel', { name: /^Transcript(ion)?$/ }).locator('li[aria-current="true"]')
  await expect(current).toContainText('croissants')
  await expect(current).toBeInViewport()
})

/** A user of this test alone, holding three fixtures; the bakery interview filed in "Research". */
async function seedOwnLibrary(request: APIRequestContext): Promise<void> {
  await signInThroughIssuer(request, `library-search-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`)
  const { idToken } = (await (await request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as { idToken: string }
  const headers = { Authorization: `Bearer ${idToken}` }
  for (const file of ['20-pocket-recording-zero-segments.json', '12-q4-budget-review.json', '24-user-research-bakery.json']) {
    const res = await request.post(`${stack.pocketURL}/api/v1/recordings`, { headers, data: JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8')) as unknown })
    expect(res.status(), await res.text()).toBe(201)
  }
  const folder = await request.post(`${stack.pocketURL}/api/v1/folders`, { headers, data: { name: 'Research' } })
  expect(folder.status()).toBe(201)
  const { data } = (await folder.json()) as { data: { id: string } }
  const filed = await request.put(`${stack.pocketURL}/api/v1/recordings/rec_24_user_research_bakery`, { headers, data: { folder_id: data.id } })
  expect(filed.ok(), await filed.text()).toBe(true)
}

async function applyFilters(page: Page, set: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: /^Filters/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filters' })
  await expect(dialog).toBeVisible()
  await set(dialog)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()
}

test('folder and "Has summary" filters narrow the list, and clearing them shows everything again', { tag: '@phone' }, async ({ page }) => {
  await seedOwnLibrary(page.request)
  await page.goto('/recordings')
  await expect(rowTitles(page)).toHaveText([BUDGET, BARE, BAKERY])

  await applyFilters(page, async (d) => {
    await d.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Research' })
  })
  await expect(rowTitles(page)).toHaveText([BAKERY])
  await expect(page.getByRole('button', { name: /^Filters.*1 on/ })).toBeVisible()

  await applyFilters(page, async (d) => {
    await d.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Any folder' })
    await d.getByRole('checkbox', { name: 'Has summary' }).check()
  })
  await expect(rowTitles(page)).toHaveText([BUDGET, BAKERY])

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rowTitles(page)).toHaveText([BUDGET, BARE, BAKERY])
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
})
