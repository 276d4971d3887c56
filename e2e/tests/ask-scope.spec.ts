import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'

// Ask a scope, against the real server, its built-in engine and the sample
// library seeded for the demo user (fixtures/recordings).
const REPLY = { timeout: 20_000 } // retrieval, the local engine, then a 50 ms-per-word reveal
// The sample recordings filed in Personal.
const PERSONAL = ['rec_06_phone_landlord', 'rec_09_consult_knee', 'rec_19_memo_no_transcript', 'rec_21_parent_teacher_conference', 'rec_22_book_club_frankenstein', 'rec_23_mentoring_call_grace']

const box = (page: Page) => page.getByPlaceholder('Ask questions about your chat')
const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' })

async function openAsk(page: Page) {
  await openSignedIn(page, '/ask')
  await expect(page.getByRole('heading', { level: 1, name: 'Ask about all recordings' })).toBeVisible()
  await expect(box(page)).toBeEnabled()
}

async function scopeToFolder(page: Page, folder: string) {
  await page.getByRole('button', { name: /^Scope/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Ask only part of your library' })
  await dialog.getByLabel('Folder').selectOption({ label: folder })
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('list', { name: 'Asking only:' }).getByText(`Folder: ${folder}`)).toBeVisible()
}

async function ask(page: Page, question: string) {
  await box(page).fill(question)
  await box(page).press('Enter')
  await expect(page.getByRole('listitem').filter({ hasText: /^Pocket: / }).last()).toBeVisible(REPLY)
}

/** The recording ids the answers' citations open. */
async function citedRecordings(page: Page): Promise<string[]> {
  const hrefs = await conversation(page).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  return hrefs.map((h) => /^\/recordings\/([^?]+)/.exec(h)?.[1] ?? h)
}

test.describe('Ask a scope', () => {
  test('a question scoped to one folder is answered citing only recordings in it', { tag: '@phone-full' }, async ({ page }) => {
    await openAsk(page)
    await scopeToFolder(page, 'Personal')
    await ask(page, 'How much ibuprofen can I take, and what about the rent on a 24-month lease?')
    await expect(conversation(page).getByRole('link').first()).toBeVisible(REPLY)
    const cited = await citedRecordings(page)
    expect(cited.length).toBeGreaterThan(0)
    for (const id of cited) expect(PERSONAL).toContain(id)

    // The same question scoped to Work: the consult and the landlord are outside it.
    await page.getByRole('button', { name: 'Remove Folder: Personal' }).click()
    await expect(page.getByText('Asking all recordings.')).toBeVisible()
    await page.getByRole('button', { name: 'New conversation' }).click()
    await scopeToFolder(page, 'Work')
    await ask(page, 'How much ibuprofen can I take?')
    for (const id of await citedRecordings(page)) expect(PERSONAL).not.toContain(id)

    // Reopened by its address, the conversation shows the scope it was asked in.
    await expect(page).toHaveURL(/\/ask\?c=/)
    await page.reload()
    await expect(page.getByRole('list', { name: 'Asking only:' }).getByText('Folder: Work')).toBeVisible()
  })

  test('axe: the Scope picker has no serious violations', { tag: '@phone' }, async ({ page }) => {
    await openAsk(page)
    await page.getByRole('button', { name: /^Scope/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Ask only part of your library' })
    await expect(dialog.getByLabel('Folder')).toBeVisible()
    await expect(dialog.locator(':focus')).toHaveCount(1) // the focus moved into the dialog
    await expectNoSeriousA11yViolations(page, 'the Scope picker')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: /^Scope/ })).toBeFocused()
  })

  test('suggested questions are about the user’s own library', async ({ page }) => {
    await openAsk(page)
    const chips = page.getByRole('list', { name: 'Suggested questions' }).getByRole('button')
    await expect(chips.first()).toBeVisible()
    const texts = await chips.allTextContents()
    expect(texts.join('\n')).not.toContain('What did the doctor say about running?')
    const title = /“(.+)”/.exec(texts[0] ?? '')?.[1]
    expect(title, `the first suggestion names a recording: ${texts[0]}`).toBeTruthy()
    await page.goto('/recordings')
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible()
  })

  test('a conversation is readable offline', async ({ page, context }) => {
    await openAsk(page)
    const question = 'How far may I run for the next three weeks?'
    await ask(page, question)
    await expect(conversation(page).getByRole('link').first()).toBeVisible(REPLY)
    await expect(page).toHaveURL(/\/ask\?c=/)
    const url = page.url()

    await context.setOffline(true)
    await page.goto(url)
    await expect(page.getByText(/You are offline/)).toBeVisible()
    await expect(conversation(page).getByText(question, { exact: true })).toBeVisible()
    await expect(conversation(page).getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Conversation' })).toContainText(question)
    await context.setOffline(false)
  })
})
