import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * An edit the server refuses for good: made offline, refused when the
 * network returns because another device changed the library meanwhile.
 * The user is told, the edit is listed with the server's reason, and
 * "Discard" brings back the server's version without a reload.
 */

const freshEmail = () => `refused-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

/** Another device of the same user: the API with the session's bearer token, on its own request context. */
async function otherDevice(request: APIRequestContext) {
  const { idToken } = (await (await request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as { idToken: string }
  const headers = { Authorization: `Bearer ${idToken}` }
  return {
    async createFolder(name: string): Promise<string> {
      const res = await request.post(`${stack.pocketURL}/api/v1/folders`, { headers, data: { name } })
      expect(res.status(), await res.text()).toBe(201)
      return ((await res.json()) as { data: { id: string } }).data.id
    },
    async folderNames(): Promise<string[]> {
      const res = await request.get(`${stack.pocketURL}/api/v1/folders`, { headers })
      expect(res.ok()).toBe(true)
      return ((await res.json()) as { data: { name: string }[] }).data.map((f) => f.name).sort()
    },
  }
}

const folderHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first()

test('a refused edit is shown with its reason, and Discard restores the server’s version', { tag: ['@phone-full', '@relay'] }, async ({ page, playwright }) => {
  test.setTimeout(60_000)
  await signInThroughIssuer(page.request, freshEmail())
  // The other device keeps the cookies of this session, not this browser's network.
  const device = await playwright.request.newContext({ storageState: await page.request.storageState() })
  const other = await otherDevice(device)
  const ideas = await other.createFolder('Ideas')

  await page.goto(`/recordings?folder=${ideas}`)
  await expect(folderHeading(page)).toHaveText(/^Ideas/)

  // Offline, the user renames the folder; it shows at once, waiting.
  await page.context().setOffline(true)
  await page.getByRole('main').getByRole('button', { name: 'Rename folder' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename folder' })
  await rename.getByRole('textbox', { name: 'Folder name' }).fill('Plans')
  await rename.getByRole('textbox', { name: 'Folder name' }).press('Enter')
  await expect(folderHeading(page)).toHaveText(/^Plans/)
  await expect(page.getByRole('main').getByRole('img', { name: 'Waiting to sync' })).toBeVisible()

  // Meanwhile another device takes the name.
  await other.createFolder('Plans')

  // Back online: the server refuses the rename, and the user hears why.
  await page.context().setOffline(false)
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText('already exists', { timeout: 15_000 })
  const problems = page.getByRole('button', { name: '1 change not saved' })
  await problems.click()
  const dialog = page.getByRole('dialog', { name: 'Changes not saved' })
  await expect(dialog).toContainText('A folder named "Plans" already exists here')
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Discard' }).click()
  // The server's version is back, nothing waits, and nothing was lost on the server.
  await expect(folderHeading(page)).toHaveText(/^Ideas/)
  await expect(problems).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0)
  expect(await other.folderNames()).toEqual(['Ideas', 'Plans'])
  await page.reload()
  await expect(folderHeading(page)).toHaveText(/^Ideas/)
  await device.dispose()
})
