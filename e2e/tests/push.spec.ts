import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../../pwa/scripts/chromium.mjs'
import { openSignedIn, userMenuButton } from '../support/app'
import { fakePushService } from '../support/fakePushManager'
import { checkVapid, newSubscriber, startPushService, type TestPushService, type TestSubscriber } from '../support/webPush'

/**
 * Push of a new summary, end to end (issue 10): the user turns notifications
 * on in the user menu, a recording is uploaded without a summary, the
 * server summarises it in the background and pushes to the subscription,
 * the real service worker shows the notification, and clicking it takes the
 * open Pocket window to the recording.
 *
 * Two stand-ins, because there is no push service offline (CONVENTIONS.md,
 * "Tools that bite here"):
 *  - the browser's push service: PushManager.prototype.subscribe is replaced
 *    in the page by one returning a subscription whose endpoint is a loopback
 *    HTTP server of this test and whose keys the test made. The server
 *    accepts such an endpoint only with POCKET_PUSH_ALLOW_LOOPBACK=1
 *    (e2e/run.sh). The test decrypts what the server POSTs there (RFC 8291)
 *    and checks its VAPID header (RFC 8292), as a push service would, then
 *    hands the plaintext to the real service worker with the DevTools
 *    protocol (ServiceWorker.deliverPushMessage), as the push service would.
 *  - the click: a system notification cannot be clicked from a test, so the
 *    test dispatches a `notificationclick` in the real service worker,
 *    carrying the very notification it shows (registration.getNotifications).
 *    The worker's handler runs as on a real click, except that a synthetic
 *    event gives no user activation: the browser refuses focus() and
 *    openWindow(), and event.waitUntil() throws. The handler still takes the
 *    open window to the recording (navigate() needs no activation, only a
 *    window the worker controls, hence the reload below). Focusing and
 *    opening a window are covered by sw/push.test.ts.
 */

// The full browser: the headless shell the rest of the suite runs on has no notification
// platform, so a service worker's showNotification() shows nothing there.
test.use({ launchOptions: chromiumLaunchOptions(CHROMIUM_PATH) })

const SUMMARY_TIMEOUT_MS = 45_000

/** The signed-in context's ID token, for calling the API as that user. */
async function idTokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/refresh')
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { idToken: string }).idToken
}

/** An upload in the import format (docs/api.md) with no `summarizations`: the server makes one in the background. */
function uploadWithoutSummary(id: string, title: string) {
  const now = new Date().toISOString()
  return {
    recording: { id, title, description: 'Uploaded for the push test', recordingAt: now, createdAt: now, updatedAt: now, duration: 64 },
    speakers: { SPEAKER_00: { speakerProfile: { name: 'Sam' } }, SPEAKER_01: { speakerProfile: { name: 'Ria' } } },
    transcription: {
      segments: [
        { speaker: 'SPEAKER_00', text: 'We agreed to move the launch review to Thursday.', start_time: 0, end_time: 5 },
        { speaker: 'SPEAKER_01', text: 'I will send the updated checklist to the team by Wednesday.', start_time: 5, end_time: 11 },
        { speaker: 'SPEAKER_00', text: 'Good. The budget question waits for finance.', start_time: 11, end_time: 16 },
      ],
    },
    metadata: {},
  }
}

/** The first push to our endpoint about `recordingId`, decrypted (others, for earlier uploads, are skipped). */
async function pushAbout(service: TestPushService, subscriber: TestSubscriber, recordingId: string): Promise<{ plaintext: string; vapidKey: string }> {
  const deadline = Date.now() + SUMMARY_TIMEOUT_MS
  for (;;) {
    const delivery = await service.next(Math.max(1, deadline - Date.now()))
    expect(delivery.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(delivery.headers['ttl'])).toBeGreaterThan(0)
    expect(delivery.body.length, 'an RFC 8291 message is at most 4096 bytes').toBeLessThanOrEqual(4096)
    const vapidKey = checkVapid(delivery.headers['authorization'], service.url)
    const plaintext = subscriber.decrypt(delivery.body)
    if ((JSON.parse(plaintext) as { recordingId?: string }).recordingId === recordingId) return { plaintext, vapidKey }
  }
}

/** Hands a push message to the page's service worker, as the push service would (DevTools protocol). */
async function deliverToServiceWorker(page: Page, plaintext: string): Promise<void> {
  const origin = new URL(page.url()).origin
  const cdp = await page.context().newCDPSession(page)
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registration, data: plaintext })
  await cdp.detach()
}

interface Shown {
  title: string
  body: string
  tag: string
  icon: string
  data: unknown
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n): Shown => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data })),
  )

/** A click on the notification tagged `tag`, dispatched in the service worker (see the comment at the top). */
async function clickNotification(context: BrowserContext, tag: string): Promise<void> {
  const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/sw.js')
  if (!worker) throw new Error('the app’s service worker is not running')
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      dispatchEvent(event: Event): boolean
    }
    const [notification] = await scope.registration.getNotifications({ tag })
    if (!notification) throw new Error(`no notification tagged ${tag}`)
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
  }, tag)
}

test.describe('push notifications of new summaries', () => {
  // Empty states loop a Rive animation unless motion is reduced; it only slows this shared machine.
  test.use({ reducedMotion: 'reduce' })

  let service: TestPushService
  test.beforeEach(async () => {
    service = await startPushService()
  })
  test.afterEach(async () => {
    await service.close()
  })

  test('turn on in the user menu, a summary made in the background is pushed, shown, and its click opens the recording; turned off, nothing more comes', { tag: ['@relay', '@replicas'] }, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000)
    const id = `rec_push_${Date.now().toString(36)}`
    const title = `Push test ${id}`
    const subscriber = newSubscriber()
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin })
    await fakePushService(context, service.endpoint, subscriber)

    await openSignedIn(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()
    // The worker takes control of pages loaded after it is ready: the click handler can navigate only those.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()

    // On: the permission is asked for only now, by the click.
    expect(await page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(0)
    await userMenuButton(page).click()
    const item = page.getByRole('menuitemcheckbox', { name: 'Notifications' })
    await expect(item).toHaveAttribute('aria-checked', 'false')
    await item.click()
    await expect(item).toHaveAttribute('aria-checked', 'true')
    await expect(item).toHaveAttribute('aria-busy', 'false')
    expect(await page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(1)
    const subscribedKey = await page.evaluate(() => (window as unknown as { __subscribedKey?: string }).__subscribedKey)
    await page.keyboard.press('Escape')

    // A recording without a summary, uploaded through the API: the server summarises it and pushes.
    const token = await idTokenOf(page.request)
    const created = await page.request.post('/api/v1/recordings', { data: uploadWithoutSummary(id, title), headers: { Authorization: `Bearer ${token}` } })
    expect(created.status(), await created.text()).toBe(201)
    const { plaintext, vapidKey } = await pushAbout(service, subscriber, id)
    // Signed with the key the browser subscribed with.
    expect(vapidKey).toBe(subscribedKey)
    const payload = JSON.parse(plaintext) as { type?: string; recordingId?: string; title?: string; body?: string }
    expect(payload).toMatchObject({ type: 'summary.ready', recordingId: id, title })
    // The summary's first line: the server wrote the summary, so only that there is one is known here.
    expect(typeof payload.body === 'string' && payload.body.trim().length > 0, `body ${payload.body}`).toBe(true)

    // The real service worker shows it.
    await deliverToServiceWorker(page, plaintext)
    await expect.poll(() => shownNotifications(page)).toEqual([
      { title, body: payload.body, tag: id, icon: new URL('/icons/icon-192.png', baseURL).href, data: { url: `/recordings/${id}` } },
    ])

    // Its click takes the open window to the recording, and the notification goes.
    await clickNotification(context, id)
    await expect(page).toHaveURL(new RegExp(`/recordings/${id}$`))
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect.poll(() => shownNotifications(page)).toEqual([])

    // Off again: the menu still knows this device is on after the page load, and the server forgets it.
    await userMenuButton(page).click()
    await expect(item).toHaveAttribute('aria-checked', 'true')
    await item.click()
    await expect(item).toHaveAttribute('aria-checked', 'false')

    // And nothing more: a second upload is summarised, and no push follows it.
    const quiet = `${id}_off`
    const second = await page.request.post('/api/v1/recordings', { data: uploadWithoutSummary(quiet, `Push off ${quiet}`), headers: { Authorization: `Bearer ${token}` } })
    expect(second.status(), await second.text()).toBe(201)
    await expect
      .poll(async () => (await page.request.get(`/api/v1/summarizations/by-recording/${quiet}`, { headers: { Authorization: `Bearer ${token}` } })).status(), { timeout: SUMMARY_TIMEOUT_MS })
      .toBe(200)
    // The push would follow the summary within moments (it is sent once the summary is stored).
    await expect(service.next(3_000)).rejects.toThrow(/no push delivered/)
  })
})
