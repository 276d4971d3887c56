import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { userMenuButton } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * Issue #43 part 3's done-when, against the real server and its local
 * engine: a template made on the Summary templates screen, chosen as the
 * Summary template of a folder made in the New folder dialog, then a
 * recording uploaded into that folder is summarised with one heading per
 * section, in order. (The folder bar's picker is covered by folders.test.tsx.)
 */
const FIXTURE = new URL('../../fixtures/recordings/08-voice-note-birthday-ideas.json', import.meta.url)
const RECORDING = 'rec_08_voice_note_birthday'
const SECTIONS = ['Gift ideas', 'Budget', 'Next steps']

async function freshUser(page: Page) {
  const email = `ftpl-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as {
    idToken: string
  }
  return { email, headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' } }
}

test('a template made in the app, set on a folder, summarises a recording uploaded into it @phone-full', async ({
  page,
}) => {
  const { email, headers } = await freshUser(page)
  const phone = test.info().project.name === 'phone'

  await page.goto('/recordings')
  // The account menu leads to the screen (on a phone, through the drawer's menu button first).
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  await userMenuButton(page, email).click()
  await page.getByRole('menuitem', { name: 'Summary templates' }).click()
  await expect(page).toHaveURL(/\/templates$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Summary templates' })).toBeVisible()
  await page.getByRole('button', { name: 'New template' }).click()
  const editor = page.getByRole('dialog', { name: 'New template' })
  await editor.getByRole('textbox', { name: 'Template name' }).fill('Planning')
  for (const [i, heading] of SECTIONS.entries()) {
    if (i > 0) await editor.getByRole('button', { name: 'Add section' }).click()
    await editor.getByRole('textbox', { name: 'Heading' }).nth(i).fill(heading)
  }
  await editor.getByRole('button', { name: 'Save template' }).click()
  await expect(editor).toBeHidden()
  const mine = page.getByRole('region', { name: 'Your templates' })
  await expect(mine.getByRole('list', { name: 'Sections of Planning' }).getByRole('listitem')).toHaveText(SECTIONS)

  // The folder is made with its template in the New folder dialog: two synced edits, in order.
  await page.goto('/recordings')
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'New folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'New folder' })
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill('Family')
  const picker = dialog.getByRole('combobox', { name: 'Summary template' })
  await expect(picker.getByRole('option', { name: 'Planning' })).toBeAttached()
  await picker.selectOption({ label: 'Planning' })
  await dialog.getByRole('button', { name: 'Create folder' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Summary template' })).toHaveValue(/^tpl_/)
  // The server has both once the outbox is sent.
  let folderId = ''
  await expect
    .poll(async () => {
      const res = await page.request.get(`${stack.pocketURL}/api/v1/folders`, { headers })
      const { data } = (await res.json()) as { data: { id: string; name: string; templateId: string | null }[] }
      const made = data.find((f) => f.name === 'Family')
      folderId = made?.id ?? ''
      return made?.templateId ?? null
    })
    .toMatch(/^tpl_/)

  const upload = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { recording: Record<string, unknown> } & Record<
    string,
    unknown
  >
  delete upload.summarizations // the server writes its own
  upload.recording.folderId = folderId
  const made = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, { headers, data: upload })
  expect(made.status(), await made.text()).toBe(201)

  await page.goto(`/recordings/${RECORDING}`)
  const summary = page.locator('.detail__panel--summary')
  await expect(summary.getByRole('heading', { name: SECTIONS[0] })).toBeVisible({ timeout: 20_000 })
  expect(await summary.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SECTIONS)
})
