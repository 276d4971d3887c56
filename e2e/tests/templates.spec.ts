import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * Summary templates against the real server and its local engine: a template
 * of the user's own made over REST, a recording regenerated with it in
 * German from the detail's "Regenerate summary" dialog, the new version's
 * sections on the Summary tab in the template's order, and the version
 * switcher showing the device's summary again.
 */
const FIXTURE = new URL('../../fixtures/recordings/02-one-on-one-leo.json', import.meta.url)
const RECORDING = 'rec_02_one_on_one_leo'

async function freshUser(page: Page) {
  const email = `tpl-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as {
    idToken: string
  }
  return { headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' } }
}

test('a recording regenerated with a template of the user’s own in German, then switched back', async ({ page }) => {
  const { headers } = await freshUser(page)
  const made = await page.request.post(`${stack.pocketURL}/api/v1/templates`, {
    headers,
    data: {
      name: 'Coaching',
      sections: [
        { heading: 'Overview', instruction: 'Who met and why.' },
        { heading: 'Blockers', instruction: 'What is in the way.' },
        { heading: 'Action items', instruction: 'Who does what.' },
      ],
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  const upload = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, { headers, data: readFileSync(FIXTURE) })
  expect(upload.status(), await upload.text()).toBe(201)

  await page.goto(`/recordings/${RECORDING}`)
  const summary = page.locator('.detail__panel--summary')
  await expect(summary.getByRole('heading', { name: 'Check-in' })).toBeVisible()
  await summary.getByRole('button', { name: 'Regenerate summary' }).click()
  const dialog = page.getByRole('dialog', { name: 'Regenerate summary' })
  await expect(dialog.getByRole('option', { name: 'Coaching' })).toBeAttached()
  await dialog.getByLabel('Template').selectOption({ label: 'Coaching' })
  await dialog.getByLabel('Output language').selectOption('de')
  await dialog.getByRole('button', { name: 'Regenerate' }).click()
  await expect(dialog).toBeHidden()

  // The job writes the version; the live update shows it as the current summary.
  await expect(summary.getByRole('heading', { name: 'Blockers' })).toBeVisible({ timeout: 20_000 })
  const headings = await summary.getByRole('heading', { level: 2 }).allTextContents()
  expect(headings).toEqual(['Overview', 'Blockers', 'Action items'])

  const switcher = summary.getByRole('combobox', { name: 'Version' })
  await switcher.selectOption({ index: 1 })
  await expect(summary.getByRole('heading', { name: 'Check-in' })).toBeVisible()
  await summary.getByRole('button', { name: 'Show this version' }).click()
  await expect(summary.getByRole('heading', { name: 'Check-in' })).toBeVisible()
  await expect(summary.getByRole('heading', { name: 'Blockers' })).toBeHidden()
  await expect
    .poll(async () => {
      const res = await page.request.get(`${stack.pocketURL}/api/v1/recordings/${RECORDING}/summaries`, { headers })
      const { data } = (await res.json()) as { data: { id: string; current: boolean; templateId: string | null }[] }
      return data.find((v) => v.current)?.templateId ?? 'device'
    })
    .toBe('device')
})

test.describe('offline', () => {
  // A reload with the network gone needs the app's worker.
  test.use({ serviceWorkers: 'allow' })

  test('the versions read once stay on the device: switched between offline, over a reload', async ({ page, context }) => {
    const { headers } = await freshUser(page)
    const upload = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, { headers, data: readFileSync(FIXTURE) })
    expect(upload.status(), await upload.text()).toBe(201)
    const asked = await page.request.post(`${stack.pocketURL}/api/v1/recordings/${RECORDING}/summaries`, {
      headers,
      data: { templateId: 'meeting', language: 'fr' },
    })
    expect(asked.status(), await asked.text()).toBe(202)
    await expect
      .poll(async () => {
        const res = await page.request.get(`${stack.pocketURL}/api/v1/recordings/${RECORDING}/summaries`, { headers })
        const { data } = (await res.json()) as { data: { templateId: string | null; status: string; current: boolean }[] }
        return data.find((v) => v.templateId === 'meeting' && v.current)?.status
      }, { timeout: 20_000 })
      .toBe('completed')

    await page.goto('/recordings')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.goto(`/recordings/${RECORDING}`)
    const summary = page.locator('.detail__panel--summary')
    await expect(summary.getByRole('heading', { name: 'Agenda' })).toBeVisible()
    await expect(summary.getByRole('combobox', { name: 'Version' })).toBeVisible()

    await context.setOffline(true)
    await page.reload()
    const switcher = summary.getByRole('combobox', { name: 'Version' })
    await expect(summary.getByRole('heading', { name: 'Agenda' })).toBeVisible()
    await switcher.selectOption({ index: 1 })
    await expect(summary.getByRole('heading', { name: 'Check-in' })).toBeVisible()
    await expect(summary.getByText('You are reading an earlier version.')).toBeVisible()
    await switcher.selectOption({ index: 0 })
    await expect(summary.getByRole('heading', { name: 'Agenda' })).toBeVisible()
    await expect(summary.getByRole('heading', { name: 'Check-in' })).toBeHidden()
    await context.setOffline(false)
  })
})
