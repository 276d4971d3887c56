import { expect, test, type APIRequestContext } from '@playwright/test'
import { openSignedIn } from '../support/app'
import { waitForMessage } from '../support/mailpit'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/** The signed-in context's ID token, for calling the API as that user. */
async function idTokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/refresh')
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { idToken: string }).idToken
}

function upload(id: string, title: string, summary: string, task: string) {
  const now = new Date().toISOString()
  return {
    recording: { id, title, recordingAt: now, createdAt: now, updatedAt: now, duration: 61 },
    speakers: { SPEAKER_00: { speakerProfile: { name: 'Sam' } } },
    summarizations: {
      [`sum_${id}`]: { id: `sum_${id}`, v2Summary: summary, v2ActionItems: { items: [{ title: task, completed: false }] } },
    },
    transcription: { segments: [{ speaker: 'SPEAKER_00', text: 'A short note.', start_time: 0, end_time: 3 }] },
    metadata: {},
  }
}

test.describe('digest', () => {
  test('a daily e-mail digest arrives with both parts, and its link unsubscribes signed out', { tag: '@phone-full' }, async ({ page, browser }, testInfo) => {
    const email = `digest-${testInfo.project.name}@example.com`
    await openSignedIn(page, '/recordings', email)
    const token = await idTokenOf(page.request)
    const orchard = `Orchard walk ${testInfo.project.name}`
    const harbour = `Harbour meeting ${testInfo.project.name}`
    for (const [id, title, summary, task] of [
      [`dg_orchard_${testInfo.project.name}`, orchard, 'The pear trees need pruning. Then the apples.', 'Order pruning shears'],
      [`dg_harbour_${testInfo.project.name}`, harbour, 'Berth 4 opens in March. Cranes follow.', 'Book the crane survey'],
    ]) {
      const res = await page.request.post('/api/v1/recordings', {
        data: upload(id, title, summary, task),
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(res.ok()).toBe(true)
    }

    await page.goto('/digest')
    await expect(page.getByRole('heading', { level: 1, name: 'Digest' })).toBeVisible()
    await expect(page.getByRole('link', { name: orchard })).toBeVisible()
    await expect(page.getByText('The pear trees need pruning.', { exact: true })).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked()

    await page.getByRole('radio', { name: 'Daily' }).check()
    await page.getByRole('checkbox', { name: 'By e-mail' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Digest settings saved.')).toBeVisible()
    const since = Date.now()
    await page.getByRole('button', { name: 'Send now' }).click()
    await expect(page.getByText('Digest sent by e-mail (2 new recordings).')).toBeVisible()

    const mail = await waitForMessage(email, since, 'digest')
    expect(mail.Subject).toBe('Your Pocket digest: 2 new recordings')
    for (const part of [mail.Text, mail.HTML]) {
      expect(part).toContain(orchard)
      expect(part).toContain('The pear trees need pruning.')
      expect(part).toContain(harbour)
      expect(part).toContain('Book the crane survey')
      expect(part).not.toContain('Weekly Product Sync') // not new: seeded long before
    }
    expect(mail.HTML).toContain('<a href=')
    const listUnsubscribe = mail.headers['List-Unsubscribe']?.[0] ?? ''
    expect(mail.headers['List-Unsubscribe-Post']?.[0]).toBe('List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(listUnsubscribe)?.[1] ?? ''
    expect(link).toContain('/api/v1/digest/unsubscribe?token=')
    expect(mail.Text).toContain(link)

    // Signed out: a fresh browser context has no session.
    const stranger = await browser.newContext()
    const other = await stranger.newPage()
    await other.goto(link)
    await expect(other.getByRole('heading', { level: 1, name: 'Unsubscribe from the Pocket digest' })).toBeVisible()
    await other.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(other.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible()
    const tampered = await other.request.get(link.replace('token=', 'token=x'))
    expect(tampered.status()).toBe(400)
    expect(await tampered.text()).toContain('This unsubscribe link is not valid')
    await stranger.close()

    await page.reload()
    await expect(page.getByRole('radio', { name: 'Off' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'By e-mail' })).not.toBeChecked()
  })
})
