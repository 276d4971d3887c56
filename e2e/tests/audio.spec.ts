import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from '../support/a11y'
import { openSignedIn } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'

// The seeded standup has synthesised speech (fixtures/recordings/18-*.opus)
// whose segments start where its transcript says: 0.4 s, 5.27 s, 12.36 s, …
const RECORDING = 'rec_18_empty_title_standup'
const SECOND = 'Yesterday I finished the template card component'
const THIRD = 'Yesterday I reviewed the retry queue design'
const SIXTH = 'Yesterday I wrote the month-boundary test'
const SIXTH_START = 34.04

const playerOf = (page: Page) => page.getByRole('region', { name: 'Audio player' })
const transcript = (page: Page) => page.getByRole('list', { name: 'Transcript' })
const current = (page: Page) => transcript(page).locator('li[aria-current="true"]')
const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1)
const paused = (page: Page) => page.evaluate(() => document.querySelector('audio')?.paused ?? true)

// Opening a detail screen signed in takes several seconds on a loaded machine.
const OPEN = { timeout: 30_000 }

async function openTranscript(page: Page) {
  await openSignedIn(page, `/recordings/${RECORDING}?tab=transcription`)
  await expect(transcript(page)).toBeVisible(OPEN)
  await expect(playerOf(page).getByRole('button', { name: 'Play' })).toBeEnabled()
}

test.describe('Audio', () => {
  // The audio plays in real time (at 2×) on top of a signed-in page load.
  test.slow()

  test('plays the recording; the highlighted segment follows the speech', { tag: ['@phone', '@relay'] }, async ({ page }) => {
    await openTranscript(page)
    const player = playerOf(page)
    await player.getByLabel('Playback speed').selectOption('2')
    await player.getByRole('button', { name: 'Play' }).click()
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
    await expect(current(page)).toContainText(SECOND, { timeout: 15_000 })
    await expect(current(page)).toContainText(THIRD, { timeout: 15_000 })
    await expect(current(page)).toBeInViewport()
    expect(await audioTime(page)).toBeGreaterThan(12)

    // K pauses (not typing); the bar stays on every tab.
    await page.keyboard.press('k')
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible()
    expect(await paused(page)).toBe(true)
    await page.getByRole('tab', { name: 'Summary' }).click()
    await expect(player).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'detail screen with the audio player')
  })

  test('clicking a segment seeks there; skip buttons move 15 s; the position is remembered', { tag: '@phone-full' }, async ({ page }) => {
    await openTranscript(page)
    const sixth = transcript(page).getByRole('listitem').filter({ hasText: SIXTH })
    await sixth.getByRole('button', { name: /^Play from 0:34$/ }).click()
    await expect(sixth).toHaveAttribute('aria-current', 'true')
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(SIXTH_START)
    const player = playerOf(page)
    await player.getByRole('button', { name: 'Pause' }).click()
    const at = await audioTime(page)
    await player.getByRole('button', { name: 'Back 15 seconds' }).click()
    await expect.poll(() => audioTime(page)).toBeLessThan(at - 14)
    await expect(current(page)).toContainText(THIRD)
    await player.getByRole('button', { name: 'Forward 15 seconds' }).click()
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(at - 0.5)

    // Leaving and coming back starts where listening stopped.
    const left = await audioTime(page)
    await page.reload()
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled()
    await expect.poll(() => audioTime(page)).toBeGreaterThan(left - 2)
  })

  test('a link to a passage (?t=, as a library answer cites it) starts the audio there', { tag: '@phone-full' }, async ({ page }) => {
    await openSignedIn(page, `/recordings/${RECORDING}?t=${SIXTH_START}`)
    await expect(transcript(page)).toBeVisible(OPEN)
    await expect(playerOf(page).getByRole('button', { name: 'Play' })).toBeEnabled()
    await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(SIXTH_START - 0.1)
    expect(await audioTime(page)).toBeLessThan(SIXTH_START + 1)
  })

  test('audio listened to plays again with no network, seeking included', { tag: '@phone-full' }, async ({ page, context }) => {
    await openTranscript(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    const player = playerOf(page)
    await player.getByRole('button', { name: 'Play' }).click()
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
    // Listening keeps the whole file on the device.
    const kept = () => page.evaluate(async () => (await (await caches.open('pocket-audio')).keys()).map((r) => new URL(r.url).pathname))
    await expect.poll(kept, { timeout: 15_000 }).toEqual([`/offline-audio/${RECORDING}`])
    await player.getByRole('button', { name: 'Pause' }).click()

    // No network at all, the worker's own fetches included.
    await context.route('**/*', (route) => route.abort('internetdisconnected'))
    try {
      await page.reload()
      await expect(transcript(page)).toBeVisible(OPEN)
      await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled()
      const sixth = transcript(page).getByRole('listitem').filter({ hasText: SIXTH })
      await sixth.getByRole('button', { name: /^Play from 0:34$/ }).click()
      await expect(sixth).toHaveAttribute('aria-current', 'true')
      await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(SIXTH_START + 0.5)
      expect(await page.evaluate(() => document.querySelector('audio')?.getAttribute('src'))).toBe(`/offline-audio/${RECORDING}`)
    } finally {
      await context.unrouteAll({ behavior: 'ignoreErrors' })
    }
  })

  test('a share link plays through the share audio route', { tag: ['@phone-full', '@relay'] }, async ({ page, browser }) => {
    await signInThroughIssuer(page.request, DEMO_EMAIL)
    const { idToken } = (await (await page.request.post('/api/v1/auth/refresh')).json()) as { idToken: string }
    const created = await page.request.post(`/api/v1/recordings/${RECORDING}/share`, { data: {}, headers: { Authorization: `Bearer ${idToken}` } })
    const { token } = (await created.json()) as { token: string }
    const visitor = await browser.newContext()
    try {
      const guest = await visitor.newPage()
      const audio: number[] = []
      guest.on('response', (r) => r.url().includes(`/api/v1/share/${token}/audio`) && audio.push(r.status()))
      await guest.goto(`/shared/recording?token=${token}&tab=transcription`)
      const player = playerOf(guest)
      await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled(OPEN)
      await player.getByRole('button', { name: 'Play' }).click()
      await expect(current(guest)).toContainText(SECOND, { timeout: 15_000 })
      expect(audio.length).toBeGreaterThan(0)
      expect(audio.every((s) => s === 200 || s === 206)).toBe(true)
    } finally {
      await visitor.close()
    }
  })
})

test('a recording without audio has no player', async ({ page }) => {
  await openSignedIn(page, '/recordings/rec_02_one_on_one_leo')
  await expect(page.getByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeVisible(OPEN)
  await expect(playerOf(page)).toHaveCount(0)
})
