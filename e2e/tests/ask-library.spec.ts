import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

// Ask about all recordings, against the real server, its built-in engine and
// the sample library seeded for the demo user (fixtures/recordings).
const QUESTION = 'How much ibuprofen can I take?'
const RECORDING_TITLE = 'Sports medicine consult – right knee'
const REPLY = { timeout: 20_000 } // retrieval, the local engine, then a 50 ms-per-word reveal

const box = (page: Page) => page.getByPlaceholder('Ask questions about your chat')
const citations = (page: Page) => page.getByRole('listitem').getByRole('link', { name: new RegExp(`^${RECORDING_TITLE} · .+ · \\d+:\\d\\d$`) })

async function openAsk(page: Page) {
  await openSignedIn(page, '/recordings')
  await page.getByRole('link', { name: 'Ask about all recordings' }).click()
  await expect(page).toHaveURL(/\/ask$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ask about all recordings' })).toBeVisible()
  await expect(box(page)).toBeEnabled()
}

test.describe('Ask about all recordings', () => {
  test('ask across the library, see the answer cite the recording, follow the citation to the passage', { tag: ['@phone', '@relay'] }, async ({ page }) => {
    await openAsk(page)
    await box(page).fill(QUESTION)
    await box(page).press('Enter')
    await expect(page.getByText(QUESTION, { exact: true }).last()).toBeVisible()
    const citation = citations(page).first()
    await expect(citation).toBeVisible(REPLY)
    const answer = page.getByRole('listitem').filter({ hasText: /^Pocket: / }).last()
    await expect(answer).toContainText(RECORDING_TITLE)
    await expect(answer).toContainText(/ibuprofen/i)

    const href = (await citation.getAttribute('href')) ?? ''
    expect(href).toMatch(/^\/recordings\/rec_09_consult_knee\?t=\d+$/)
    await citation.click()
    await expect(page.getByRole('heading', { level: 1, name: RECORDING_TITLE })).toBeVisible()
    await expect(page.getByRole('tab', { name: /^Transcript(ion)?$/ })).toHaveAttribute('aria-selected', 'true')
    const current = page.getByRole('tabpanel', { name: /^Transcript(ion)?$/ }).locator('li[aria-current="true"]')
    await expect(current).toContainText(/ibuprofen/i)
    await expect(current).toBeInViewport()
  })

  test('the conversation is kept with its history and can be picked again', async ({ page }) => {
    await openAsk(page)
    const question = 'How far may I run for the next three weeks?'
    await box(page).fill(question)
    await box(page).press('Enter')
    await expect(page.getByRole('listitem').getByRole('link').first()).toBeVisible(REPLY)
    await expect(page).toHaveURL(/\/ask\?c=/)

    const conversation = page.getByRole('list', { name: 'Conversation' })
    await page.getByRole('button', { name: 'New conversation' }).click()
    await expect(conversation.getByText(question, { exact: true })).toHaveCount(0)
    const picker = page.getByRole('combobox', { name: 'Conversation' })
    await picker.selectOption({ label: question })
    await expect(conversation.getByText(question, { exact: true })).toBeVisible()
    await expect(conversation.getByRole('link').first()).toBeVisible()
  })

  test('axe: the page has no serious violations', { tag: '@phone' }, async ({ page }) => {
    await openAsk(page)
    await expectNoSeriousA11yViolations(page, 'Ask about all recordings')
  })

  test('a new conversation starts empty; a failed send says so; offline disables asking', async ({ page, context }) => {
    await openAsk(page)
    await page.route('**/api/v1/chat/library/message', (route) => route.fulfill({ status: 500, json: { success: false, message: 'boom', code: 'INTERNAL' } }))
    await box(page).fill('Will this fail?')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText("Sorry, I couldn't process your request. Please try again.")).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(/Failed to send message\. Please try again\./)
    await page.unroute('**/api/v1/chat/library/message')

    await context.setOffline(true)
    await expect(page.getByText(/You are offline/)).toBeVisible()
    await expect(box(page)).toBeDisabled()
    await context.setOffline(false)
    await expect(box(page)).toBeEnabled()
  })
})
