import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { closeSidebar, openSidebar } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { startOwnPocket, type OwnPocket } from '../support/pocket'

/**
 * Folders in the library: created, nested, renamed, used as a filter and
 * deleted in the UI, with the server checked through its API after each
 * step; and the same edits made with the server stopped.
 */

interface ApiFolder {
  id: string
  name: string
  parent_id: string | null
}

/** The signed-in user's API, with the bearer token the session cookie refreshes to. */
async function api(request: APIRequestContext, base: string) {
  const { idToken } = (await (await request.post(`${base}/api/v1/auth/refresh`)).json()) as { idToken: string }
  const headers = { Authorization: `Bearer ${idToken}` }
  return {
    async folders(): Promise<ApiFolder[]> {
      const res = await request.get(`${base}/api/v1/folders`, { headers })
      expect(res.ok()).toBe(true)
      return ((await res.json()) as { data: ApiFolder[] }).data
    },
    /** Recording title → folder name ('General' for none), as the dashboard lists them. */
    async filing(): Promise<Record<string, string>> {
      const res = await request.get(`${base}/api/v1/recordings/dashboard?limit=100`, { headers })
      expect(res.ok()).toBe(true)
      const items = ((await res.json()) as { data: { title: string; folder?: { name?: string } | null }[] }).data
      return Object.fromEntries(items.map((r) => [r.title, r.folder?.name || 'General']))
    },
    async upload(id: string, title: string, day: number): Promise<void> {
      const at = `2026-02-${String(day).padStart(2, '0')}T10:00:00Z`
      const res = await request.post(`${base}/api/v1/recordings`, {
        headers,
        data: { recording: { id, title, description: `${title} notes`, recordingAt: at, createdAt: at, updatedAt: at, duration: 120 } },
      })
      expect(res.status()).toBe(201)
    },
    async fileIn(id: string, folderId: string): Promise<void> {
      const res = await request.put(`${base}/api/v1/recordings/${id}`, { headers, data: { folder_id: folderId } })
      expect(res.ok(), await res.text()).toBe(true)
    },
  }
}

/** A user of this test alone: nothing of another run or spec is in the library. */
const freshEmail = (tag: string) => `folders-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** The sidebar's folders section; on a phone the drawer is opened first. */
async function folderNav(page: Page): Promise<Locator> {
  await openSidebar(page)
  const nav = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Folders' })
  await expect(nav).toBeVisible()
  return nav
}

/** Creates a folder through the sidebar's dialog; resolves with the id the app navigated to. */
async function createFolder(page: Page, name: string, inside?: string): Promise<string> {
  const nav = await folderNav(page)
  await nav.getByRole('button', { name: 'New folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'New folder' })
  await dialog.getByRole('textbox', { name: 'Folder name' }).fill(name)
  await dialog.getByRole('combobox', { name: 'Inside' }).selectOption({ label: inside ?? 'No parent (top level)' })
  await dialog.getByRole('button', { name: 'Create folder' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/[?&]folder=[0-9a-f-]{36}$/)
  return new URL(page.url()).searchParams.get('folder')!
}

const folderBarHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first()
const rowTitles = (page: Page) => page.getByRole('main').locator('.rec-row__title')

test.describe('folders', () => {
  test('create, nest, rename, filter and delete: the server holds what the list shows', { tag: ['@phone', '@relay', '@replicas'] }, async ({ page }) => {
    test.setTimeout(90_000)
    await signInThroughIssuer(page.request, freshEmail('ui'))
    const server = await api(page.request, stack.pocketURL)
    await server.upload('fold-a', 'Alpha meeting', 3)
    await server.upload('fold-b', 'Beta call', 2)
    await server.upload('fold-c', 'Gamma notes', 1)
    await page.goto('/recordings')
    await expect(rowTitles(page)).toHaveText(['Alpha meeting', 'Beta call', 'Gamma notes'])
    await expect((await folderNav(page)).getByRole('link', { name: 'General, 3 recordings' })).toBeVisible()

    // A folder: the app opens it (empty) and the server gets it.
    const projects = await createFolder(page, '  Projects  ')
    await expect(folderBarHeading(page)).toHaveText('Projects')
    await expect(page.getByRole('main').getByText('No recordings in this folder.')).toBeVisible()
    // The same name again (other case) is refused before anything is sent.
    const nav = await folderNav(page)
    await nav.getByRole('button', { name: 'New folder' }).click()
    const dialog = page.getByRole('dialog', { name: 'New folder' })
    await dialog.getByRole('textbox', { name: 'Folder name' }).fill('projects')
    await dialog.getByRole('combobox', { name: 'Inside' }).selectOption({ label: 'No parent (top level)' })
    await dialog.getByRole('button', { name: 'Create folder' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('A folder named “Projects” already exists at the top level.')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // A nested one (the dialog offers the open folder as parent), then renamed.
    const client = await createFolder(page, 'Client A', 'Projects')
    await page.getByRole('main').getByRole('button', { name: 'Rename folder' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename folder' })
    await rename.getByRole('textbox', { name: 'Folder name' }).fill('Client Alpha')
    await rename.getByRole('textbox', { name: 'Folder name' }).press('Enter')
    await expect(rename).toBeHidden()
    await expect(folderBarHeading(page)).toHaveText(/^Client Alpha/)
    const projectsLink = (await folderNav(page)).getByRole('link', { name: /^Projects, 0 recordings/ })
    await expect(projectsLink.locator('..').getByRole('link', { name: /^Client Alpha, 0 recordings/ })).toBeVisible()
    // Sent: the marks go and the server has exactly these two, nested.
    await expect((await folderNav(page)).getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0)
    await expect
      .poll(() => server.folders(), { timeout: 15_000 })
      .toEqual([
        expect.objectContaining({ id: client, name: 'Client Alpha', parent_id: projects }),
        expect.objectContaining({ id: projects, name: 'Projects', parent_id: null }),
      ])
    await closeSidebar(page)

    // Recordings filed elsewhere (another device, here the API) show in the filter live.
    await server.fileIn('fold-a', projects)
    await server.fileIn('fold-b', projects)
    await server.fileIn('fold-c', client)
    await (await folderNav(page)).getByRole('link', { name: 'Projects, 2 recordings' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?folder=${projects}$`))
    await expect(rowTitles(page)).toHaveText(['Alpha meeting', 'Beta call'])
    await expect(page.getByRole('main').getByText('2 recordings', { exact: true })).toBeVisible()
    // The filter is in the URL: reload and back keep it.
    await page.reload()
    await expect(rowTitles(page)).toHaveText(['Alpha meeting', 'Beta call'])
    await (await folderNav(page)).getByRole('link', { name: /^Client Alpha, 1 recording/ }).click()
    await expect(rowTitles(page)).toHaveText(['Gamma notes'])
    await page.goBack()
    await expect(rowTitles(page)).toHaveText(['Alpha meeting', 'Beta call'])
    expect(await server.filing()).toEqual({ 'Alpha meeting': 'Projects', 'Beta call': 'Projects', 'Gamma notes': 'Client Alpha' })

    // Delete: the dialog says where the recordings go; they show in General.
    await page.getByRole('main').getByRole('button', { name: 'Delete folder' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete “Projects”?' })
    await expect(confirm).toContainText('Its recordings move to General; they are not deleted.')
    await expect(confirm).toContainText('Its subfolder moves up one level.')
    await confirm.getByRole('button', { name: 'Delete folder' }).click()
    await expect(page).toHaveURL(/\?folder=general$/)
    await expect(folderBarHeading(page)).toHaveText('General')
    await expect(rowTitles(page)).toHaveText(['Alpha meeting', 'Beta call'])
    const after = await folderNav(page)
    await expect(after.getByRole('link', { name: /^Projects/ })).toHaveCount(0)
    await expect(after.getByRole('link', { name: /^Client Alpha, 1 recording/ })).toBeVisible()
    await expect(after.getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0)
    await expect.poll(() => server.folders(), { timeout: 15_000 }).toEqual([expect.objectContaining({ id: client, name: 'Client Alpha', parent_id: null })])
    expect(await server.filing()).toEqual({ 'Alpha meeting': 'General', 'Beta call': 'General', 'Gamma notes': 'Client Alpha' })
  })
})

test.describe('folders offline', () => {
  // A pocket of this spec's own, so stopping it leaves the other specs' server alone.
  let pocket: OwnPocket
  test.beforeAll(async () => {
    pocket = await startOwnPocket()
  })
  test.afterAll(async () => {
    await pocket?.dispose()
  })

  test('created and renamed with the server stopped: kept over a reload, sent once with the last name', { tag: '@phone-full' }, async ({ page }) => {
    test.setTimeout(120_000)
    await signInThroughIssuer(page.request, freshEmail('offline'), pocket.url)
    const server = await api(page.request, pocket.url)
    await server.upload('off-a', 'Offline standup', 2)
    await page.goto(`${pocket.url}/recordings`)
    await expect(rowTitles(page)).toHaveText(['Offline standup'])
    await expect((await folderNav(page)).getByRole('link', { name: 'General, 1 recording' })).toBeVisible()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await closeSidebar(page)

    await pocket.stop()
    const id = await createFolder(page, 'Offline draft')
    await page.getByRole('main').getByRole('button', { name: 'Rename folder' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename folder' })
    await rename.getByRole('textbox', { name: 'Folder name' }).fill('Offline final')
    await rename.getByRole('button', { name: 'Rename' }).click()
    await expect(rename).toBeHidden()

    // A reload with no server: the worker serves the app, IndexedDB the folder and its queued edits.
    await page.reload()
    await expect(folderBarHeading(page)).toHaveText(/^Offline final\s*$/)
    await expect(folderBarHeading(page).getByRole('img', { name: 'Waiting to sync' })).toBeVisible()
    await expect((await folderNav(page)).getByRole('link', { name: 'Offline final, 0 recordings, waiting to sync', exact: true })).toBeVisible()
    await closeSidebar(page)

    await pocket.start()
    // Sent when the server is back (retry or live reconnect), without a reload.
    await expect(folderBarHeading(page).getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0, { timeout: 60_000 })
    const fresh = await api(page.request, pocket.url)
    expect(await fresh.folders()).toEqual([expect.objectContaining({ id, name: 'Offline final', parent_id: null })])
    await expect(folderBarHeading(page)).toHaveText('Offline final')
  })
})
