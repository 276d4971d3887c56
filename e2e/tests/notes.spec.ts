import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { expectSeededLibrary, secondDevice } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * The owner's note (docs/api.md "Notes"): written with the server down, kept
 * over a reload, sent when it is back, shown live on another device's open
 * screen, found by search, and never shown on a share link. Each test has a
 * server of its own (the note is kept for good).
 */

const WEEKLY = { id: 'rec_01_weekly_sync', title: 'Weekly Product Sync' }
// A word no fixture has: only the note can be why search finds the recording.
const WORD = 'Quillwhistle'
const NOTE = `## Follow up\n\nAsk Daniel about the **${WORD}** vendor`
const SYNCED = { timeout: 60_000, intervals: [250, 500, 1000] }

let pocket: OwnPocket
test.beforeEach(async () => {
  pocket = await startOwnPocket()
})
test.afterEach(async () => {
  await pocket?.dispose()
})

const notesPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Notes' })

/** A device of the demo user, at the recording's Notes tab, with the app's worker ready (so it opens offline). */
async function deviceAtNotes(page: Page): Promise<void> {
  await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
  await page.goto(`${pocket.url}/recordings`)
  await expectSeededLibrary(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.goto(`${pocket.url}/recordings/${WEEKLY.id}?tab=notes`)
  await expect(notesPanel(page).getByText('No note yet')).toBeVisible()
}

async function writeNote(page: Page, text: string): Promise<void> {
  const panel = notesPanel(page)
  await panel.getByRole('button', { name: 'Write a note' }).click()
  const box = panel.getByRole('textbox', { name: 'Note' })
  await expect(box).toBeFocused()
  await box.fill(text)
  await box.press('Control+Enter')
  await expect(panel.getByRole('button', { name: 'Edit note' })).toBeFocused()
}

async function expectRenderedNote(page: Page): Promise<void> {
  const panel = notesPanel(page)
  await expect(panel.getByRole('heading', { name: 'Follow up' })).toBeVisible()
  await expect(panel.locator('strong', { hasText: WORD })).toBeVisible()
}

test('a note written offline is kept over a reload, synced when the server is back, and shows on another device', { tag: '@phone-full' }, async ({ page, browser }, info) => {
  test.setTimeout(180_000)
  await deviceAtNotes(page)
  const other = await secondDevice(browser, info)
  await deviceAtNotes(other)

  await pocket.stop()
  await writeNote(page, NOTE)
  await expectRenderedNote(page)
  await expect(notesPanel(page).getByText('Saved on this device, waiting to sync')).toBeVisible()

  // A reload with the server still down: the worker serves the app, IndexedDB the note.
  await page.reload()
  await expectRenderedNote(page)
  await expect(notesPanel(page).getByText('Saved on this device, waiting to sync')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'Notes tab with a note waiting to sync')

  await pocket.start()
  await expect(notesPanel(page).getByText('Saved on this device, waiting to sync')).toHaveCount(0, SYNCED)
  // The other device's open screen hears of it live, without a reload.
  await expectRenderedNote(other)

  const refreshed = await page.request.post(`${pocket.url}/api/v1/auth/refresh`)
  const { idToken } = (await refreshed.json()) as { idToken: string }
  const auth = { Authorization: `Bearer ${idToken}` }
  const detail = (await (await page.request.get(`${pocket.url}/api/v1/recordings/${WEEKLY.id}`, { headers: auth })).json()) as {
    data: { recording: { note?: string } }
  }
  expect(detail.data.recording.note).toBe(NOTE)

  // Search finds the recording by a word only its note holds.
  await page.goto(`${pocket.url}/recordings`)
  const search = page.getByRole('searchbox', { name: 'Search recordings' })
  await search.fill(WORD.toLowerCase())
  await search.press('Enter')
  await expect(page.getByRole('main').getByRole('link', { name: WEEKLY.title, exact: true })).toBeVisible()
  await expect(page.getByRole('main').locator('.rec-row')).toHaveCount(1)

  // A share link shows the recording, never its note.
  const shared = await page.request.post(`${pocket.url}/api/v1/recordings/${WEEKLY.id}/share`, { data: {}, headers: auth })
  const { token } = (await shared.json()) as { token: string }
  const visitor = await secondDevice(browser, info)
  await visitor.goto(`${pocket.url}/shared/recording?token=${token}`)
  await expect(visitor.getByRole('heading', { level: 1, name: WEEKLY.title })).toBeVisible()
  await expect(visitor.getByRole('tab', { name: 'Notes' })).toHaveCount(0)
  await expect(visitor.getByText(WORD)).toHaveCount(0)
  await other.context().close()
  await visitor.context().close()
})
