import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { expectSeededLibrary, openSignedIn } from '../support/app'
import { readDevice } from '../support/chaos/check'
import { DEMO_EMAIL, stack } from '../support/env'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * Live updates (docs/api.md "Live events"): what the API does to a user's
 * library shows in every open tab of that user without a reload, within a
 * second on loopback, on the list and on an open detail screen; another
 * user's tabs never see any of it.
 *
 * Timing: each page records (wall clock, performance.timeOrigin + now) the
 * frame after its DOM first shows the change; the test records when the API
 * call's answer arrived. The figures are logged as annotations.
 */
const OTHER_EMAIL = 'sync-live-other@example.com'
/**
 * Through a relay a change takes two more hops before a tab sees it: the relay forwards the write
 * to the upstream, and the tab's pull after the event is answered from the relay's mirror, which
 * refreshes from the upstream first. make test runs the relay's lane beside the embedded suite and
 * its checks on two cores, where those hops took 1.0–1.7 s (the embedded server's stay within
 * 1 s there). The figures are logged either way.
 */
const LIVE_BUDGET_MS = stack.relay ? 2500 : 1000

/** A change a page watches for: a row (or heading) appearing with a text, or a row going. */
type Watch = { key: string; selector: string; text?: string; gone?: boolean }

/** Starts watching in the page; the time the change became visible is read with seenAt. */
async function watch(page: Page, w: Watch): Promise<void> {
  await page.evaluate((w) => {
    const win = window as unknown as { __seen?: Record<string, number>; __ever?: Record<string, boolean> }
    win.__seen ??= {}
    win.__ever ??= {}
    const holds = () => {
      const els = Array.from(document.querySelectorAll(w.selector)).filter((el) => w.text === undefined || (el.textContent ?? '').includes(w.text))
      if (els.length > 0) win.__ever![w.key] = true
      return w.gone ? els.length === 0 : els.length > 0
    }
    const done = () => {
      observer.disconnect()
      // The frame after the change: when it is on screen, not just in the DOM.
      requestAnimationFrame(() => (win.__seen![w.key] = performance.timeOrigin + performance.now()))
    }
    const observer = new MutationObserver(() => holds() && done())
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    if (holds()) done()
  }, w)
}

async function seenAt(page: Page, key: string): Promise<number> {
  const handle = await page.waitForFunction((key) => (window as unknown as { __seen?: Record<string, number> }).__seen?.[key], key, { timeout: 10_000 })
  return (await handle.jsonValue()) as number
}

/** Whether the page ever showed what the watch looks for (for the other user: never). */
async function everShown(page: Page, key: string): Promise<boolean> {
  return page.evaluate((key) => !!(window as unknown as { __ever?: Record<string, boolean> }).__ever?.[key], key)
}

/**
 * Resolves once a page of the context has its live socket signed in (the
 * server's hello): one socket serves all the tabs of a browser, so any page
 * of it will do. Call before the pages open.
 */
function liveConnected(context: BrowserContext): Promise<void> {
  return new Promise((resolve) => {
    const onPage = (page: Page) =>
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/api/v1/events')) return
        ws.on('framereceived', (frame) => String(frame.payload).includes('"hello"') && resolve())
      })
    context.pages().forEach(onPage)
    context.on('page', onPage)
  })
}

/** The signed-in context's ID token, for calling the API as that user. */
async function idTokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/refresh')
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { idToken: string }).idToken
}

/**
 * An upload in the import format (docs/api.md), recorded now: it sorts to
 * the top of the list. It comes with its summary, as a device uploads it, so
 * no background summary adds events of its own while the test measures.
 */
function upload(id: string, title: string) {
  const now = new Date().toISOString()
  return {
    recording: { id, title, description: 'Uploaded while the tabs were open', recordingAt: now, createdAt: now, updatedAt: now, duration: 61 },
    speakers: { SPEAKER_00: { speakerProfile: { name: 'Sam' } } },
    summarizations: { sum_live: { id: 'sum_live', v2Summary: 'A short note, uploaded while the tabs were open.', v2ActionItems: { items: [] } } },
    transcription: { segments: [{ speaker: 'SPEAKER_00', text: 'A short note.', start_time: 0, end_time: 3 }] },
    metadata: {},
  }
}

/**
 * Empty states loop a Rive animation unless motion is reduced. On this
 * shared two-core machine one looping canvas slows every tab of its browser
 * (they share a renderer), and the test measures live updates, not that.
 */
const CONTEXT = { reducedMotion: 'reduce' } as const

const rowSelector = (id: string) => `main a[href="/recordings/${id}"]`

/** Measures each page against the moment the API answered; logs and checks the budget. */
async function expectLive(what: string, pages: Array<[string, Page]>, key: string, answeredAt: number, from = 'API answer'): Promise<void> {
  const figures: string[] = []
  for (const [name, page] of pages) {
    const ms = Math.round((await seenAt(page, key)) - answeredAt)
    figures.push(`${name} ${ms} ms`)
    expect.soft(ms, `${what}: ${name} within ${LIVE_BUDGET_MS} ms`).toBeLessThan(LIVE_BUDGET_MS)
  }
  const note = { type: `${what} (${from} → visible)`, description: figures.join(', ') }
  test.info().annotations.push(note)
  console.log(`[${test.info().project.name}] ${note.type}: ${note.description}`)
}

test.describe('live updates across tabs and devices', () => {
  test.use(CONTEXT)

  test('an API upload, rename and delete, and a rename typed in one tab, reach every tab of the user in under a second; another user sees none of it', { tag: ['@phone-full', '@relay', '@replicas'] }, async ({ page: tab1, context, browser }) => {
    test.setTimeout(90_000)
    const id = `rec_live_${Date.now().toString(36)}`
    const title = `Live upload ${id}`
    const renamed = `Renamed live ${id}`
    const contexts: BrowserContext[] = []
    try {
      // The user: two tabs of one browser (one live socket, shared) and a second browser.
      const device2 = await browser.newContext(CONTEXT)
      const otherContext = await browser.newContext(CONTEXT)
      contexts.push(device2, otherContext)
      const sockets = [liveConnected(context), liveConnected(device2), liveConnected(otherContext)]
      await openSignedIn(tab1)
      const tab2 = await context.newPage()
      await tab2.goto('/recordings')
      const tab3 = await device2.newPage()
      await openSignedIn(tab3)
      // Another user, in their own browser.
      const other = await otherContext.newPage()
      await openSignedIn(other, '/recordings', OTHER_EMAIL)
      await expect(other.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible({ timeout: 20_000 })

      const tabs: Array<[string, Page]> = [['tab 1', tab1], ['tab 2', tab2], ['second browser', tab3]]
      for (const [, p] of tabs) await expectSeededLibrary(p)
      // Every browser's live socket is signed in before the upload: the measure is of live updates, not of start-up.
      await Promise.all(sockets)

      const token = await idTokenOf(tab1.request)
      const auth = { Authorization: `Bearer ${token}` }
      for (const [, p] of tabs) await watch(p, { key: 'upload', selector: rowSelector(id) })
      await watch(other, { key: 'upload', selector: `a[href="/recordings/${id}"]` })

      // Upload.
      const created = await tab1.request.post('/api/v1/recordings', { data: upload(id, title), headers: auth })
      const uploadedAt = Date.now()
      expect(created.status(), await created.text()).toBe(201)
      await expectLive('upload', tabs, 'upload', uploadedAt)
      for (const [, p] of tabs) await expect(p.getByRole('main').getByRole('link', { name: title })).toBeVisible()

      // An open detail screen of it (tab 2), then a rename through the API.
      await tab2.getByRole('main').getByRole('link', { name: title }).click()
      await expect(tab2.getByRole('heading', { level: 1, name: title })).toBeVisible()
      const listTabs: Array<[string, Page]> = [['tab 1', tab1], ['second browser', tab3]]
      for (const [, p] of listTabs) await watch(p, { key: 'rename', selector: rowSelector(id), text: renamed })
      await watch(tab2, { key: 'rename', selector: 'main h1', text: renamed })
      const put = await tab1.request.put(`/api/v1/recordings/${id}`, { data: { title: renamed }, headers: auth })
      const renamedAt = Date.now()
      expect(put.status(), await put.text()).toBe(200)
      await expectLive('rename', [...listTabs, ['tab 2 (detail)', tab2]], 'rename', renamedAt)
      for (const [, p] of listTabs) await expect(p.getByRole('main').getByRole('link', { name: renamed })).toBeVisible()
      await expect(tab2.getByRole('heading', { level: 1, name: renamed })).toBeVisible()

      // A rename typed in one tab (tab 2's detail screen) reaches the other tab and the other browser.
      const typed = `Typed in tab 2 ${id}`
      for (const [, p] of listTabs) await watch(p, { key: 'typed', selector: rowSelector(id), text: typed })
      await tab2.getByRole('button', { name: 'Edit title' }).click()
      const box = tab2.getByRole('textbox', { name: 'Title' })
      await box.fill(typed)
      const typedAt = Date.now()
      await box.press('Enter')
      await expect(tab2.getByRole('heading', { level: 1, name: typed })).toBeVisible()
      await expectLive('rename typed in a tab', listTabs, 'typed', typedAt, 'Enter')
      await expect
        .poll(async () => ((await (await tab1.request.get(`/api/v1/recordings/${id}`, { headers: auth })).json()) as { data: { recording?: { title?: string } } }).data.recording?.title)
        .toBe(typed)

      // A delete through the API: gone from the lists; the open detail says so.
      for (const [, p] of listTabs) await watch(p, { key: 'delete', selector: rowSelector(id), gone: true })
      const del = await tab1.request.delete(`/api/v1/recordings/${id}`, { headers: auth })
      const deletedAt = Date.now()
      expect(del.status(), await del.text()).toBe(200)
      await expectLive('delete', listTabs, 'delete', deletedAt)
      for (const [, p] of listTabs) {
        await expect(p.getByRole('main').getByRole('link', { name: typed })).toHaveCount(0)
        await expectSeededLibrary(p)
      }
      await expect(tab2.getByRole('heading', { level: 1, name: 'Recording Not Found' })).toBeVisible()

      // The other user: their list never showed it, and it is not theirs to open.
      expect(await everShown(other, 'upload')).toBe(false)
      await expect(other.getByRole('link', { name: title })).toHaveCount(0)
      await expect(other.getByRole('link', { name: renamed })).toHaveCount(0)
      await other.reload()
      await expect(other.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()
      await expect(other.getByRole('link', { name: renamed })).toHaveCount(0)
    } finally {
      for (const c of contexts) await c.close()
    }
  })

  test('the second user’s own upload does not reach the demo user', { tag: '@relay' }, async ({ page, browser }) => {
    const id = `rec_other_${Date.now().toString(36)}`
    const title = `Not for the demo user ${id}`
    await openSignedIn(page, '/recordings', DEMO_EMAIL)
    await expectSeededLibrary(page)
    await watch(page, { key: 'foreign', selector: `a[href="/recordings/${id}"]` })

    const otherContext = await browser.newContext(CONTEXT)
    try {
      const other = await otherContext.newPage()
      const connected = liveConnected(otherContext)
      await openSignedIn(other, '/recordings', OTHER_EMAIL)
      await expect(other.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()
      await connected
      await watch(other, { key: 'own', selector: rowSelector(id) })
      const token = await idTokenOf(other.request)
      const created = await other.request.post('/api/v1/recordings', { data: upload(id, title), headers: { Authorization: `Bearer ${token}` } })
      const at = Date.now()
      expect(created.status(), await created.text()).toBe(201)
      // It reaches its owner live, so an event did go out...
      await expectLive('upload by the other user', [['owner', other]], 'own', at)
      // ...and the demo user's tab, open all along, never showed it.
      await page.waitForTimeout(500)
      expect(await everShown(page, 'foreign')).toBe(false)
      await expect(page.getByRole('link', { name: title })).toHaveCount(0)
    } finally {
      await otherContext.close()
    }
  })

  test('a change heard while the replies were cut short still arrives once they are whole, with no further event', { tag: '@relay' }, async ({ page, context }) => {
    // A user of their own: nothing else in the suite writes to this library, so no other event pulls for the app.
    const email = `sync-cut-${Date.now().toString(36)}@example.com`
    const id = `rec_cut_${Date.now().toString(36)}`
    const title = `Uploaded while replies were cut ${id}`
    const connected = liveConnected(context)
    await openSignedIn(page, '/recordings', email)
    await expect(page.getByRole('heading', { level: 1, name: 'Recordings' })).toBeVisible()
    await connected
    // The socket stays up; every pull's reply is cut (a proxy closing the connection mid-answer).
    let cut = 0
    await context.route(/\/pocket\.sync\.v1\.SyncService\/Pull$/, (route) => (cut++, route.abort('connectionreset')))
    const token = await idTokenOf(page.request)
    const created = await page.request.post('/api/v1/recordings', { data: upload(id, title), headers: { Authorization: `Bearer ${token}` } })
    expect(created.status(), await created.text()).toBe(201)
    // The event arrived and its pull was cut; then the replies are whole again, and nothing else happens.
    await expect.poll(() => cut, { timeout: 10_000 }).toBeGreaterThan(0)
    await context.unroute(/\/pocket\.sync\.v1\.SyncService\/Pull$/)
    // The list may show it from a refetch; what matters is that the device holds it (readable offline).
    await expect.poll(async () => (await readDevice(page)).recordings.has(id), { timeout: 15_000 }).toBe(true)
  })
})
