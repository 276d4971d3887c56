import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

/**
 * Speakers remembered (issue #12): a name given to a speaker is offered when
 * naming speakers elsewhere, can be attached to speakers of other recordings
 * from "Find <name> in other recordings", and filters the list.
 */
test.use({ timezoneId: 'UTC', ...WITHOUT_SERVICE_WORKER })

const FIXTURES = new URL('../../fixtures/recordings/', import.meta.url)
const DATA_ENG = { id: 'rec_04_interview_data_eng', title: 'Data Engineer Screen – Omar Haddad' }
const NORTHWIND = { id: 'rec_05_customer_call_northwind', title: 'Northwind Logistics – Quarterly Check-in' }
const HALLWAY = { id: 'rec_17_untitled_flaky_tests' }

/** A user of this test alone: each fixture below has a speaker nobody has named. */
async function seedOwnLibrary(request: APIRequestContext): Promise<void> {
  await signInThroughIssuer(request, `people-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`)
  const { idToken } = (await (await request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as { idToken: string }
  for (const file of ['04-interview-data-engineer.json', '05-customer-call-northwind.json', '08-voice-note-birthday-ideas.json', '17-untitled-hallway-flaky-tests.json']) {
    const data: unknown = JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8'))
    const res = await request.post(`${stack.pocketURL}/api/v1/recordings`, { headers: { Authorization: `Bearer ${idToken}` }, data })
    expect(res.status(), await res.text()).toBe(201)
  }
}

async function openTranscript(page: Page, id: string) {
  await page.goto(`/recordings/${id}`)
  await page.getByRole('tab', { name: /^Transcript(ion)?$/ }).click()
  const speakers = page.getByRole('region', { name: 'Speakers' })
  await expect(speakers).toBeVisible()
  return speakers
}

/** Renames are queued first: the header's sync icon goes once the server has them. */
async function expectSynced(page: Page) {
  await expect(page.getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0)
}

const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript' })
const rowTitles = (page: Page) => page.getByRole('main').locator('.rec-row__title')

test('a named speaker is suggested elsewhere, found in other recordings, and filters the list', { tag: ['@phone-full', '@relay'] }, async ({ page }) => {
  // Four screens and two round trips through the outbox: more than the default 30 s on a busy machine.
  test.setTimeout(90_000)
  const person = `Mina Ode ${Math.floor(Math.random() * 1e4)}`
  await seedOwnLibrary(page.request)

  // Name the unnamed second speaker of the data engineer interview.
  let speakers = await openTranscript(page, DATA_ENG.id)
  await speakers.getByRole('button', { name: 'Rename Speaker 2' }).click()
  await speakers.getByRole('combobox', { name: 'Name for Speaker 2' }).fill(person)
  await page.keyboard.press('Enter')
  await expect(transcript(page).getByText(person, { exact: true }).first()).toBeVisible()
  await expectSynced(page)

  // Naming a speaker in another recording offers that person.
  speakers = await openTranscript(page, HALLWAY.id)
  await speakers.getByRole('button', { name: 'Rename Speaker 2' }).click()
  const box = speakers.getByRole('combobox', { name: 'Name for Speaker 2' })
  await box.fill('mina')
  await expect(speakers.getByRole('option', { name: new RegExp(person) })).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expectNoSeriousA11yViolations(page, 'the rename box with suggestions')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(box).toBeHidden()

  // Attach the person to the Northwind call's unnamed speaker.
  speakers = await openTranscript(page, DATA_ENG.id)
  await speakers.getByRole('button', { name: `Find ${person} in other recordings` }).click()
  const dialog = page.getByRole('dialog', { name: `Find ${person} in other recordings` })
  const northwind = dialog.getByRole('group', { name: new RegExp(NORTHWIND.title) })
  await expect(northwind).toBeVisible()
  await expect(dialog.getByRole('group', { name: /Untitled Recording/ })).toBeVisible()
  await expect(dialog.getByRole('group', { name: new RegExp(DATA_ENG.title) })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, 'the finder')
  await northwind.getByRole('checkbox', { name: /^Speaker \d+$/ }).check()
  await dialog.getByRole('button', { name: 'Name 1 speaker' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `Named 1 speaker as ${person}` })).toBeVisible()

  await openTranscript(page, NORTHWIND.id)
  await expect(transcript(page).getByText(person, { exact: true }).first()).toBeVisible()
  await expectSynced(page)

  // The list filtered by the person shows exactly those two recordings.
  await page.goto('/recordings')
  await page.getByRole('button', { name: /^Filters/ }).click()
  const filters = page.getByRole('dialog', { name: 'Filters' })
  await filters.getByRole('combobox', { name: 'Person' }).selectOption({ label: person })
  await filters.getByRole('button', { name: 'Apply' }).click()
  await expect(filters).toBeHidden()
  await expect(page).toHaveURL(/[?&]person=Mina\+Ode/)
  await expect(rowTitles(page)).toHaveText([DATA_ENG.title, NORTHWIND.title])
})
