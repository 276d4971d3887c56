import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { secondDevice } from '../support/app'
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

async function freshUser(page: Page, email = `tpl-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`) {
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as {
    idToken: string
  }
  return { email, headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' } }
}

/** The user's own templates as the server lists them. */
async function ownOnServer(page: Page, headers: Record<string, string>) {
  const res = await page.request.get(`${stack.pocketURL}/api/v1/templates`, { headers })
  const { data } = (await res.json()) as { data: { id: string; name: string; builtin: boolean }[] }
  return data.filter((t) => !t.builtin)
}

// Templates sync like folders (ADR 25): made offline on /templates, listed at once, sent once when back
// online, and another device's list shows it, and a later edit live. Tagged @relay: through a relay the
// mutations become the upstream's REST calls and its mirror lists the templates.
test('a template made offline is listed at once, reaches the server exactly once and another device', { tag: '@relay' }, async ({
  page,
  context,
  browser,
}, info) => {
  const { email, headers } = await freshUser(page)
  await page.goto('/templates')
  const mine = page.getByRole('region', { name: 'Your templates' })
  await expect(mine.getByText('You have no templates of your own yet.', { exact: false })).toBeVisible()

  // The editor's code loads with its first opening: here while online, as the app's worker (blocked in
  // this spec, so that setOffline reaches every request) would have it precached.
  await page.getByRole('button', { name: 'New template' }).click()
  const dialog = page.getByRole('dialog', { name: 'New template' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await context.setOffline(true)
  await expect(page.getByText('You are offline.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'New template' }).click()
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Offline retro')
  await dialog.getByRole('textbox', { name: 'Heading' }).fill('Went well')
  await dialog.getByRole('button', { name: 'Save template' }).click()
  await expect(dialog).toBeHidden()
  await expect(mine.getByRole('heading', { name: 'Offline retro' })).toBeVisible()
  await expect(page.getByText(/Offline · 1 change waiting/)).toBeVisible()
  expect(await ownOnServer(page, headers)).toEqual([])

  await context.setOffline(false)
  await expect.poll(async () => (await ownOnServer(page, headers)).map((t) => t.name), { timeout: 15_000 }).toEqual([
    'Offline retro',
  ])
  // A reload pushes whatever is left and pulls: still the one template.
  await page.reload()
  await expect(mine.getByRole('heading', { name: 'Offline retro' })).toBeVisible()
  expect((await ownOnServer(page, headers)).map((t) => t.name)).toEqual(['Offline retro'])

  const other = await secondDevice(browser, info)
  await freshUser(other, email)
  await other.goto('/templates')
  const theirs = other.getByRole('region', { name: 'Your templates' })
  await expect(theirs.getByRole('heading', { name: 'Offline retro' })).toBeVisible()

  // An edit here reaches the other device's open screen live.
  await mine.getByRole('button', { name: 'Edit Offline retro' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit template' })
  await edit.getByRole('textbox', { name: 'Template name' }).fill('Team retro')
  await edit.getByRole('button', { name: 'Save template' }).click()
  await expect(theirs.getByRole('heading', { name: 'Team retro' })).toBeVisible({ timeout: 15_000 })
  await other.context().close()
})

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
