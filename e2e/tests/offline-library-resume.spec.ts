import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test'
import { closeSidebar, expectSeededLibrary, openSidebar, userMenuButton } from '../support/app'
import { DEMO_EMAIL } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * "Available offline" stores the library a batch at a time: a reload while
 * it is being fetched keeps every batch stored, the new page fetches only
 * the rest, and then every recording reads with the server stopped.
 */

/** A recording's detail as the offline library (and a screen) asks for it. */
const DETAIL = /\/api\/v1\/recordings\/[^/?]+\?include=all$/
/** The offline library stores this many recordings a transaction (data/offline/prefetch.ts BATCH_SIZE). */
const BATCH = 25

/** What the device holds: the rows the list shows (sortKey indexed), their ids, and the details stored. */
const device = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ listed: string[]; details: number }>((resolve, reject) => {
        const open = indexedDB.open('pocket')
        open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'))
        open.onsuccess = () => {
          const idb = open.result
          const tx = idb.transaction(['recordings', 'details'])
          const out = { listed: [] as string[], details: 0 }
          tx.objectStore('recordings').index('sortKey').getAllKeys().onsuccess = (e) => {
            out.listed = (e.target as IDBRequest<IDBValidKey[]>).result.map(String)
          }
          tx.objectStore('details').count().onsuccess = (e) => (out.details = (e.target as IDBRequest<number>).result)
          tx.oncomplete = () => (idb.close(), resolve(out))
        }
      }),
  )

/** Uploads `count` recordings with their summary (no background job): the seeded library is one batch. */
async function uploadRecordings(request: APIRequestContext, url: string, count: number): Promise<void> {
  const refreshed = await request.post(`${url}/api/v1/auth/refresh`)
  expect(refreshed.ok(), await refreshed.text()).toBe(true)
  const { idToken } = (await refreshed.json()) as { idToken: string }
  for (let i = 1; i <= count; i++) {
    const now = new Date().toISOString()
    const created = await request.post(`${url}/api/v1/recordings`, {
      headers: { Authorization: `Bearer ${idToken}` },
      data: {
        recording: { id: `rec_kept_${i}`, title: `Kept offline ${i}`, recordingAt: now, createdAt: now, updatedAt: now, duration: 30 },
        summarizations: { [`sum_kept_${i}`]: { id: `sum_kept_${i}`, v2Summary: `Note ${i}.`, v2ActionItems: { items: [] } } },
        transcription: { segments: [{ speaker: 'SPEAKER_00', text: `Note ${i}.`, start_time: 0, end_time: 3 }] },
        metadata: {},
      },
    })
    expect(created.status(), await created.text()).toBe(201)
  }
}

async function expectAllAvailable(page: Page, count: number): Promise<void> {
  await openSidebar(page)
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Available offline' }).click()
  const dialog = page.getByRole('dialog', { name: 'Available offline' })
  await expect(dialog.getByRole('status')).toHaveText(`${count} of ${count} recordings available offline`, {
    timeout: 30_000,
  })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('Escape') // and the menu
  await closeSidebar(page)
}

test.describe('available offline, stored in batches', () => {
  // A pocket of this spec's own, so stopping it leaves the other specs' server alone.
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('a reload mid-way keeps what was stored, fetches the rest, and every recording reads offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    // The first batch's details are answered; the next are held until the page has reloaded.
    let answered = 0
    let reloaded = false
    const held: Route[] = []
    const afterReload: string[] = []
    await context.route(DETAIL, async (route) => {
      if (reloaded) {
        afterReload.push(route.request().url())
        return route.continue()
      }
      if (answered++ < BATCH) return route.continue()
      held.push(route)
    })

    await signInThroughIssuer(page.request, DEMO_EMAIL, pocket.url)
    await uploadRecordings(page.request, pocket.url, 6)
    await page.goto(`${pocket.url}/recordings`)
    await expectSeededLibrary(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    // The default budget (the newest 50) covers the whole library, more than one batch.
    await expect.poll(async () => (await device(page)).details, { timeout: 60_000 }).toBe(BATCH)
    const { listed } = await device(page)
    expect(listed.length).toBeGreaterThan(BATCH)
    expect(held.length).toBeGreaterThan(0)

    reloaded = true
    await page.reload()
    for (const route of held) await route.abort().catch(() => undefined) // the old page's, gone with it
    await expectSeededLibrary(page)
    await expectAllAvailable(page, listed.length)
    // Only the recordings not stored before the reload were fetched again.
    expect(afterReload).toHaveLength(listed.length - BATCH)

    await pocket.stop()
    await expect(page.request.get(`${pocket.url}/readyz`)).rejects.toThrow(/ECONNREFUSED/)
    // Every recording kept opens on the device, its summary and all, with no server to ask.
    const titles = await page.evaluate(async (ids) => {
      const idb = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('pocket')
        open.onsuccess = () => resolve(open.result)
      })
      const store = idb.transaction('details').objectStore('details')
      const rows = await Promise.all(
        ids.map(
          (id) =>
            new Promise<{ id: string; kept: boolean; title: string }>((resolve) => {
              const get = store.get(id)
              get.onsuccess = () => {
                const stored = get.result as { data?: { recording?: { title?: string } } } | undefined
                resolve({ id, kept: stored !== undefined, title: stored?.data?.recording?.title ?? '' })
              }
            }),
        ),
      )
      idb.close()
      return rows
    }, listed)
    for (const { id, kept, title } of titles) {
      expect(kept, `recording ${id} kept`).toBe(true)
      await page.goto(`${pocket.url}/recordings/${encodeURIComponent(id)}`)
      // A recording without a title is named from its other fields, as its screen does.
      const name = title.trim() ? { name: title, exact: true } : {}
      await expect(page.getByRole('heading', { level: 1, ...name })).toBeVisible()
      await expect(page.getByText('Failed to load recording')).toHaveCount(0)
    }
  })
})
