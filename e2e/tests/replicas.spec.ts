import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { loginHeading, renameOpenRecording, userMenuButton } from '../support/app'
import { signInThroughIssuer } from '../support/issuer'
import { pinToReplica, servedBy, unpin, REPLICA_HEADER, type Replica } from '../support/replicas'

/**
 * What two `pocket serve` replicas on one PostgreSQL must agree on, checked
 * where it can only hold if they do (e2e/run.sh --replicas; the run's other
 * @replicas tests go round robin). A browser is pinned to one replica with
 * the balancer's cookie where the test needs to know which one: a sign-in
 * begun on one replica ends on the other, a live socket held by one replica
 * shows an edit made through the other, and an offline edit whose answer was
 * lost is sent again to the other replica and applied once. Each test has a
 * user of its own, with one uploaded recording.
 */

const PUSH = '/pocket.sync.v1.SyncService/Push'
const SYNCED = { timeout: 30_000, intervals: [250, 500, 1000] }
// Empty states loop a Rive animation unless motion is reduced; it only slows this shared machine.
test.use({ reducedMotion: 'reduce' })

const other = (replica: Replica): Replica => (replica === 0 ? 1 : 0)
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const listRow = (page: Page, title: string) => page.getByRole('main').getByRole('link', { name: title, exact: true })

/** A fresh user for this test (its address names the test's moment). */
const freshUser = (what: string) => `replicas-${what}-${Date.now().toString(36)}@example.com`

async function idTokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/refresh')
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { idToken: string }).idToken
}

/** Uploads one recording in the import format, with its summary (no background job adds events). */
async function uploadRecording(request: APIRequestContext, token: string, title: string): Promise<string> {
  const id = `rec_replicas_${Date.now().toString(36)}`
  const now = new Date().toISOString()
  const created = await request.post('/api/v1/recordings', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      recording: { id, title, description: 'Uploaded for the replicas test', recordingAt: now, createdAt: now, updatedAt: now, duration: 42 },
      speakers: { SPEAKER_00: { speakerProfile: { name: 'Sam' } } },
      summarizations: { sum_replicas: { id: 'sum_replicas', v2Summary: 'A short note.', v2ActionItems: { items: [] } } },
      transcription: { segments: [{ speaker: 'SPEAKER_00', text: 'A short note.', start_time: 0, end_time: 3 }] },
      metadata: {},
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return id
}

/** A context of `email`, signed in, with one uploaded recording; pinned to `replica`. */
async function signedInWithRecording(context: BrowserContext, email: string, replica: Replica, title: string) {
  await pinToReplica(context, replica)
  await signInThroughIssuer(context.request, email)
  const token = await idTokenOf(context.request)
  return { token, id: await uploadRecording(context.request, token, title) }
}

/**
 * Watches for the page's live socket: `replica` resolves with the replica
 * that answered its upgrade, once the socket is signed in (the server's
 * hello); `closed` says whether it has been closed since. Call before the
 * page opens. The handshake's headers come from the DevTools protocol: the
 * page's WebSocket object does not show them.
 */
async function watchLiveSocket(page: Page): Promise<{ replica: Promise<string>; closed: () => boolean }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const handshake = new Promise<string>((resolve) =>
    cdp.on('Network.webSocketHandshakeResponseReceived', ({ response }) => {
      const name = Object.keys(response.headers).find((h) => h.toLowerCase() === REPLICA_HEADER)
      if (name) resolve(String(response.headers[name]))
    }),
  )
  let closed = false
  const hello = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/v1/events')) return
      ws.on('framereceived', (f) => String(f.payload).includes('"hello"') && resolve())
      ws.on('close', () => (closed = true))
    }),
  )
  return { replica: hello.then(() => handshake), closed: () => closed }
}

/** Another browser of `email`, pinned to `replica`, open at `path` with its live socket signed in there. */
async function secondBrowser(browser: Browser, email: string, replica: Replica, path: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  await pinToReplica(context, replica)
  await signInThroughIssuer(context.request, email)
  const page = await context.newPage()
  const socket = await watchLiveSocket(page)
  await page.goto(path)
  expect(await socket.replica).toBe(String(replica))
  return { context, page, socket }
}

test('a sign-in begun on one replica ends on the other, each accepts the tokens the other issued, and requests alternate', { tag: '@replicas' }, async ({ context }) => {
  const email = freshUser('signin')
  await pinToReplica(context, 0)
  await signInThroughIssuer(context.request, email, undefined, () => pinToReplica(context, 1))
  const refreshed = await context.request.post('/api/v1/auth/refresh')
  expect(servedBy(refreshed)).toBe('1')
  const { idToken } = (await refreshed.json()) as { idToken: string }

  await pinToReplica(context, 0)
  const me = await context.request.get('/api/v1/recordings/dashboard', { headers: { Authorization: `Bearer ${idToken}` } })
  expect(me.status(), await me.text()).toBe(200)
  expect(servedBy(me)).toBe('0')
  // Replica 0 renews the session replica 1 began.
  const renewed = await context.request.post('/api/v1/auth/refresh')
  expect(renewed.ok(), await renewed.text()).toBe(true)
  expect(servedBy(renewed)).toBe('0')

  // Unpinned, consecutive calls go to both.
  await unpin(context)
  const seen = new Set<string | undefined>()
  for (let i = 0; i < 4; i++) {
    const res = await context.request.get('/api/v1/recordings/dashboard', { headers: { Authorization: `Bearer ${idToken}` } })
    expect(res.status()).toBe(200)
    seen.add(servedBy(res))
  }
  expect([...seen].sort()).toEqual(['0', '1'])
})

test('an edit made through one replica shows live in a browser whose socket the other replica holds, both ways', { tag: '@replicas' }, async ({ page, context, browser }) => {
  test.setTimeout(60_000)
  const email = freshUser('live')
  const { id } = await signedInWithRecording(context, email, 0, 'Made on replica 0')
  const socketA = await watchLiveSocket(page)
  await page.goto('/recordings')
  await expect(listRow(page, 'Made on replica 0')).toBeVisible()
  expect(await socketA.replica).toBe('0')

  const { context: contextB, page: pageB } = await secondBrowser(browser, email, 1, `/recordings/${id}`)
  try {
    await expect(heading(pageB, 'Made on replica 0')).toBeVisible()

    // Typed in browser B (replica 1): browser A's list (replica 0's socket) follows without a reload.
    await renameOpenRecording(pageB, 'Renamed through replica 1')
    await expect(listRow(page, 'Renamed through replica 1')).toBeVisible()

    // And back: typed in browser A, browser B's open recording follows.
    await page.goto(`/recordings/${id}`)
    await renameOpenRecording(page, 'Renamed through replica 0')
    await expect(heading(pageB, 'Renamed through replica 0')).toBeVisible()
  } finally {
    await contextB.close()
  }
})

test('an offline edit whose answer was lost is sent again to the other replica and applied once', { tag: '@replicas' }, async ({ page, context }) => {
  test.setTimeout(90_000)
  const email = freshUser('offline')
  const folderName = `Filed offline ${Date.now().toString(36)}`
  const { id, token } = await signedInWithRecording(context, email, 0, 'Before going offline')
  await page.goto(`/recordings/${id}`)
  await expect(heading(page, 'Before going offline')).toBeVisible()
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const folder = page.getByRole('combobox', { name: 'Folder' })
  await expect(folder.getByRole('option', { name: 'New folder…' })).toBeAttached()

  await context.setOffline(true)
  await renameOpenRecording(page, 'Renamed offline')
  await folder.selectOption({ label: 'New folder…' })
  const box = page.getByRole('textbox', { name: 'New folder name' })
  await box.fill(folderName)
  await box.press('Enter')
  await expect(folder.locator('option:checked')).toHaveText(folderName)
  const waiting = page.locator('.rec-header').getByRole('img', { name: 'Waiting to sync' })
  await expect(waiting).toBeVisible()

  // The first Push that applies is answered, but the answer never reaches the
  // page; the browser is moved to the other replica, which gets the retry.
  const pushes: string[] = []
  let dropped = false
  let droppedCarriedFolder = false
  await page.route(`**${PUSH}`, async (route) => {
    const response = await route.fetch().catch(() => null)
    if (!response) return route.abort('connectionrefused')
    const replica = response.headers()[REPLICA_HEADER] ?? '?'
    pushes.push(`${replica} ${response.status()}`)
    if (dropped || response.status() !== 200) return route.fulfill({ response })
    dropped = true
    droppedCarriedFolder = route.request().postDataBuffer()?.includes(folderName) ?? false
    await pinToReplica(context, other(Number(replica) as Replica))
    await route.abort('connectionreset')
  })
  await context.setOffline(false)
  await expect(waiting).toHaveCount(0, SYNCED)
  expect(dropped).toBe(true)
  // The lost batch made the folder: sent again, it would make a second one if the other replica did not know it.
  expect(droppedCarriedFolder).toBe(true)
  const applied = pushes.filter((p) => p.endsWith(' 200')).map((p) => p.split(' ')[0])
  expect(applied.length, pushes.join(', ')).toBeGreaterThanOrEqual(2)
  expect(applied[1], `the retry went to the other replica: ${pushes.join(', ')}`).not.toBe(applied[0])

  // Once: one folder of that name, holding the recording, which has the new title.
  const auth = { Authorization: `Bearer ${token}` }
  const folders = ((await (await context.request.get('/api/v1/folders', { headers: auth })).json()) as { data: Array<{ id: string; name: string }> }).data
  const made = folders.filter((f) => f.name === folderName)
  expect(made, JSON.stringify(folders)).toHaveLength(1)
  const { recording } = ((await (await context.request.get(`/api/v1/recordings/${id}`, { headers: auth })).json()) as { data: { recording: Record<string, unknown> } }).data
  expect(recording.title).toBe('Renamed offline')
  expect((recording.folder as { id?: string } | undefined)?.id ?? recording.folderId ?? recording.folder_id).toBe(made[0].id)
  // A reload, through round robin, shows the same.
  await page.unrouteAll()
  await unpin(context)
  await page.reload()
  await expect(heading(page, 'Renamed offline')).toBeVisible()
  await expect(folder.locator('option:checked')).toHaveText(folderName)
})

test('signing out of all devices through one replica closes at once the socket the other replica holds for another browser', { tag: '@replicas' }, async ({ page, context, browser }) => {
  const email = freshUser('signout')
  await signedInWithRecording(context, email, 0, 'Signed in on two devices')
  const { context: contextB, page: pageB, socket: socketB } = await secondBrowser(browser, email, 1, '/recordings')
  try {
    await expect(listRow(pageB, 'Signed in on two devices')).toBeVisible()

    await page.goto('/recordings')
    expect(socketB.closed()).toBe(false)
    await userMenuButton(page, email).click()
    await page.getByRole('menuitem', { name: 'Sign out of all devices' }).click()
    await page.getByRole('dialog', { name: 'Sign out of all devices?' }).getByRole('button', { name: 'Sign out of all devices' }).click()
    await expect(loginHeading(page)).toBeVisible()
    // Replica 1 closes browser B's socket, as one server closes every socket of a signed-out user.
    // The app shows nothing then (its refresh fails quietly, spec §4): the closing is seen on the wire.
    await expect.poll(() => socketB.closed(), { timeout: 5000 }).toBe(true)
    await pageB.reload()
    await expect(loginHeading(pageB)).toBeVisible()
  } finally {
    await contextB.close()
  }
})
