import { expect, test, type Page } from '@playwright/test'
import { expectSeededLibrary, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * A full disk (Chromium's quota for the origin cut down through the DevTools
 * protocol): keeping a recording's audio offline makes room by removing the
 * recordings kept offline that were used longest ago, the user is told, and
 * an edit made offline stays queued through it and is sent once when the
 * network is back. A pocket of this spec's own: it is stopped.
 */
const PUSH = '/pocket.sync.v1.SyncService/Push'
const RENAMED = 'Renamed while the disk was full'
// The seeded standup has audio (fixtures/recordings/18-*.opus, 66 kB).
const STANDUP = 'rec_18_empty_title_standup'

let pocket: OwnPocket
test.beforeEach(async () => {
  pocket = await startOwnPocket()
})
test.afterEach(async () => {
  await pocket?.dispose()
})

interface Device {
  /** Recordings whose detail is on the device. */
  details: string[]
  /** The list, oldest recording first. */
  oldestFirst: string[]
  /** Recordings opened here (details.openedAt). */
  opened: string[]
  outbox: Array<{ entityId: string; status: string }>
}

/** What the app's IndexedDB holds, read with the browser's own API. */
function readDevice(page: Page): Promise<Device> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('pocket')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'))
    })
    const ask = <T,>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
      })
    const tx = db.transaction(['details', 'recordings', 'outbox'], 'readonly')
    const [details, oldestFirst, opened, outbox] = await Promise.all([
      ask(tx.objectStore('details').getAllKeys()),
      ask(tx.objectStore('recordings').index('sortKey').getAllKeys()),
      ask(tx.objectStore('details').index('openedAt').getAllKeys()),
      ask(tx.objectStore('outbox').getAll()),
    ])
    db.close()
    return {
      details: details.map(String),
      oldestFirst: oldestFirst.map(String),
      opened: opened.map(String),
      outbox: (outbox as Array<{ entityId: string; status: string }>).map(({ entityId, status }) => ({ entityId, status })),
    }
  })
}

/** The dialog once every recording is on the device (the default budget, 50, covers the seeded library). */
async function waitUntilAllKept(page: Page): Promise<void> {
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Available offline' }).click()
  const dialog = page.getByRole('dialog', { name: 'Available offline' })
  await expect(dialog.getByRole('status')).toHaveText(/^(\d+) of \1 recordings available offline$/, { timeout: 90_000 })
  // What the browser granted when asked, and the storage used, for eyes and screen readers alike.
  await dialog.getByRole('radio', { name: 'Keep the newest 50 recordings offline' }).check()
  await expect(dialog.getByText(/^(Kept for good|May be cleared by the browser under pressure)/)).toBeVisible()
  await expect(dialog.getByRole('meter', { name: 'Storage used on this device' })).toHaveAttribute('aria-valuetext', /^\d+(\.\d)? (bytes|kB|MB|GB) used of /)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('Escape') // and the menu
}

/** Whether the recording's audio is kept for offline listening (data/audio-offline). */
const audioKept = (page: Page, id: string) =>
  page.evaluate(async (path) => (await (await caches.open('pocket-audio')).match(path)) !== undefined, `/offline-audio/${encodeURIComponent(id)}`)

test('a full disk removes the recordings kept offline used longest ago, says so, and keeps the edit made offline', async ({ page, context }) => {
  test.setTimeout(240_000)
  await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
  await page.goto(`${pocket.url}/recordings`)
  await expectSeededLibrary(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await waitUntilAllKept(page)
  const before = await readDevice(page)
  expect(before.details.length).toBeGreaterThan(10)

  // An edit made with the server down, to the newest recording.
  const edited = before.oldestFirst.at(-1)!
  await pocket.stop()
  await page.goto(`${pocket.url}/recordings/${edited}`)
  await page.getByRole('button', { name: 'Edit title' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill(RENAMED)
  await page.getByRole('textbox', { name: 'Title' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible()
  await expect(page.locator('.rec-header').getByRole('img', { name: 'Waiting to sync' })).toBeVisible()

  // The server is back but edits cannot reach it until the network is "back" below.
  let online = false
  await page.route(`**${PUSH}`, (route) => (online ? route.continue() : route.abort('internetdisconnected')))
  // Pushes the server answered: one the browser's own going offline cut off (below) never reached it.
  let pushes = 0
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === PUSH) pushes++
  })
  await pocket.start()

  // The disk is all but full: the origin may use little more than it does now.
  const { usage } = await page.evaluate(() => navigator.storage.estimate())
  const cdp = await context.newCDPSession(page)
  // Room for 20 kB more: less than the standup's audio.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: pocket.url, quotaSize: (usage ?? 0) + 20_000 })

  // Listening keeps a recording's audio offline: it does not fit, so the ones used longest ago make room.
  await page.goto(`${pocket.url}/recordings/${STANDUP}?tab=transcription`)
  const player = page.getByRole('region', { name: 'Audio player' })
  await player.getByRole('button', { name: 'Play' }).click({ timeout: 30_000 })
  const notice = page.getByRole('status').filter({ hasText: /Storage was full: removed \d+ recordings? kept offline \(least recently used first\)\./ }).first()
  await expect(notice).toBeVisible({ timeout: 30_000 })
  const told = Number(/removed (\d+)/.exec((await notice.textContent()) ?? '')?.[1])
  await expect.poll(() => audioKept(page, STANDUP), { timeout: 30_000 }).toBe(true)
  await player.getByRole('button', { name: 'Pause' }).click()

  const after = await readDevice(page)
  const removed = before.oldestFirst.filter((id) => before.details.includes(id) && !after.details.includes(id))
  expect(removed.length).toBeGreaterThanOrEqual(told)
  expect(told).toBeGreaterThan(0)
  // Oldest first, among those never opened here; the edited recording and the edit stay.
  const neverOpenedOldestFirst = before.oldestFirst.filter((id) => before.details.includes(id) && ![edited, STANDUP].includes(id) && !before.opened.includes(id))
  expect(removed).toEqual(neverOpenedOldestFirst.slice(0, removed.length))
  expect(after.details).toContain(edited)
  expect(after.outbox).toEqual([{ entityId: edited, status: 'pending' }])
  expect(pushes).toBe(0)

  // Back online: the edit is sent, once.
  online = true
  await context.setOffline(true)
  await context.setOffline(false)
  await expect.poll(async () => (await readDevice(page)).outbox, { timeout: 60_000 }).toEqual([])
  expect(pushes).toBe(1)
  const refreshed = await page.request.post(`${pocket.url}/api/v1/auth/refresh`)
  const { idToken } = (await refreshed.json()) as { idToken: string }
  const res = await page.request.get(`${pocket.url}/api/v1/recordings/${edited}`, { headers: { Authorization: `Bearer ${idToken}` } })
  expect(res.ok()).toBe(true)
  expect(JSON.stringify(await res.json())).toContain(RENAMED)
})
