import { expect, test, type Page } from '@playwright/test'
import { expectSeededLibrary, openSignedIn, SEEDED_TITLE } from '../support/app'
import { readDevice } from '../support/chaos/check'

/**
 * The sync worker (docs/adr/0014-sync-worker.md): a device's pulls, and the
 * applying of what they bring, run in a dedicated worker, not on the page's
 * main thread; the list still shows what the worker stores. Where a browser
 * gives the page no Worker, the page pulls itself.
 */

const PULL = /\/pocket\.sync\.v1\.SyncService\/Pull$/

/** Counts the page's own Pull calls (its fetch; a worker's fetch is the worker's). */
function countPagePulls() {
  const win = window as unknown as { __pagePulls: number }
  win.__pagePulls = 0
  const pageFetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (url.endsWith('/pocket.sync.v1.SyncService/Pull')) win.__pagePulls++
    return pageFetch(input, init)
  }
}

const pagePulls = (page: Page) => page.evaluate(() => (window as unknown as { __pagePulls: number }).__pagePulls)

/** The cursor the device stored with its last pulled page ('' before any). */
const storedCursor = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('pocket')
        open.onsuccess = () => {
          const idb = open.result
          if (!idb.objectStoreNames.contains('meta')) return (idb.close(), resolve(''))
          const req = idb.transaction('meta').objectStore('meta').get('sync.cursor')
          req.onsuccess = () => (idb.close(), resolve(((req.result as { value?: string } | undefined)?.value ?? '')))
        }
        open.onerror = () => resolve('')
      }),
  )

async function expectLibraryPulled(page: Page): Promise<void> {
  await expect.poll(() => storedCursor(page), { timeout: 15_000 }).not.toBe('')
  const device = await readDevice(page)
  expect([...device.recordings.values()].map((r) => r.title)).toContain(SEEDED_TITLE)
}

test.describe('sync worker', () => {
  test('the first sync is pulled and stored by the sync worker, and the list shows it', { tag: ['@phone-full'] }, async ({ context, page }) => {
    await context.addInitScript(countPagePulls)
    const workerPulls: string[] = []
    context.on('request', (req) => void (PULL.test(req.url()) && workerPulls.push(req.url())))
    const started = page.waitForEvent('worker', { predicate: (w) => w.url().includes('syncWorker'), timeout: 15_000 })
    await openSignedIn(page, '/recordings')
    await started
    await expectLibraryPulled(page)
    await expectSeededLibrary(page)
    // The pulls went out, and none of them from the page's own thread.
    expect(workerPulls.length).toBeGreaterThan(0)
    expect(await pagePulls(page)).toBe(0)
  })

  test('without Worker the page pulls itself, and the list still syncs', async ({ context, page }) => {
    await context.addInitScript(() => {
      Object.defineProperty(window, 'Worker', { value: undefined, configurable: true })
    })
    await context.addInitScript(countPagePulls)
    await openSignedIn(page, '/recordings')
    await expectLibraryPulled(page)
    await expectSeededLibrary(page)
    expect(await pagePulls(page)).toBeGreaterThan(0)
    expect(page.workers().filter((w) => w.url().includes('syncWorker'))).toEqual([])
  })
})
