import { readFileSync } from 'node:fs'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { openSidebar, userMenuButton } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * Personal access tokens against the real server: made in the Access tokens
 * dialog, shown once, used by a script over REST within their scope, listed
 * as used, and refused on the next call once revoked, from the dialog or by
 * "Sign out of all devices" with its checkbox ticked. Not tagged @relay: a
 * relay forwards the token routes to its upstream, but the tokens are used
 * against the upstream itself (docs/api.md), so there is nothing of the
 * relay's own to test here.
 */
const FIXTURE = new URL('../../fixtures/recordings/02-one-on-one-leo.json', import.meta.url)

/** A user of this test alone, signed in, with Leo's 1:1 uploaded; answers the e-mail (the menu's label). */
async function freshUser(page: Page): Promise<string> {
  const email = `tok-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as {
    idToken: string
  }
  const res = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, {
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    data: readFileSync(FIXTURE),
  })
  expect(res.status(), await res.text()).toBe(201)
  return email
}

/** Opens the user menu, unless it is still open (closing a dialog of its items leaves it so). */
async function openUserMenu(page: Page, email: string) {
  await openSidebar(page)
  const button = userMenuButton(page, email)
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
}

async function openTokensDialog(page: Page, email: string) {
  await openUserMenu(page, email)
  await page.getByRole('menuitem', { name: 'Access tokens' }).click()
  return page.getByRole('dialog', { name: 'Access tokens' })
}

/** A script's call with the token, outside the browser's session (no cookies). */
async function callWith(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${stack.pocketURL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data,
  })
  return { status: res.status(), body: (await res.json()) as { success: boolean; code?: string; message?: string } }
}

test.describe('access tokens', () => {
  test('made in settings, shown once, read-only over REST, then revoked', async ({ page, playwright }) => {
    const email = await freshUser(page)
    await page.goto('/recordings')
    let dialog = await openTokensDialog(page, email)
    await expect(dialog.getByText('You have no access tokens yet.')).toBeVisible()
    const form = dialog.getByRole('form', { name: 'Create token' })
    await form.getByLabel('Name').fill('Nightly backup')
    await expect(form.getByRole('checkbox', { name: /recordings:read/ })).toBeChecked()
    await form.getByLabel('Expires after').selectOption('7 days')
    await form.getByRole('button', { name: 'Create token' }).click()

    const fresh = dialog.getByRole('region', { name: 'New token' })
    await expect(fresh).toContainText('will not be shown again')
    const secret = await fresh.getByLabel('Your new token “Nightly backup”').inputValue()
    expect(secret).toMatch(/^pkt_[A-Za-z0-9_-]{43}$/)
    await expect(fresh.getByRole('button', { name: 'Copy token' })).toBeFocused()

    const script = await playwright.request.newContext()
    const list = await callWith(script, secret, 'GET', '/api/v1/recordings/dashboard')
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    expect(JSON.stringify(list.body)).toContain('1:1 with Leo')
    const write = await callWith(script, secret, 'POST', '/api/v1/folders', { name: 'Not allowed' })
    expect(write.status).toBe(403)
    expect(write.body).toMatchObject({ success: false, code: 'INSUFFICIENT_SCOPE' })
    expect(write.body.message).toContain('recordings:write')
    expect((await callWith(script, secret, 'POST', '/api/v1/tokens', { name: 'child', scopes: ['chat'] })).status).toBe(403)

    // Opened again, the list shows it used, and never its secret.
    await dialog.getByRole('button', { name: 'Close' }).click()
    dialog = await openTokensDialog(page, email)
    const item = dialog.getByRole('list', { name: 'Your access tokens' }).getByRole('listitem')
    await expect(item).toContainText('Nightly backup')
    await expect(item).toContainText('recordings:read')
    await expect(item).toContainText('Last used')
    await expect(item).toContainText('Expires')
    await expect(dialog.getByText(secret)).toHaveCount(0)

    await item.getByRole('button', { name: 'Revoke Nightly backup' }).click()
    await dialog.getByRole('group', { name: 'Revoke “Nightly backup”?' }).getByRole('button', { name: 'Revoke token' }).click()
    await expect(dialog.getByText('You have no access tokens yet.')).toBeVisible()
    const refused = await callWith(script, secret, 'GET', '/api/v1/recordings/dashboard')
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' })
    await script.dispose()
  })

  test('Sign out of all devices revokes the tokens when its checkbox is ticked', async ({ page, playwright }) => {
    const email = await freshUser(page)
    await page.goto('/recordings')
    const dialog = await openTokensDialog(page, email)
    const form = dialog.getByRole('form', { name: 'Create token' })
    await form.getByLabel('Name').fill('Chat bot')
    await form.getByRole('checkbox', { name: /chat/ }).check()
    await form.getByRole('button', { name: 'Create token' }).click()
    const secret = await dialog.getByLabel('Your new token “Chat bot”').inputValue()
    await dialog.getByRole('button', { name: 'Close' }).click()
    const script = await playwright.request.newContext()
    expect((await callWith(script, secret, 'GET', '/api/v1/chat/library/sessions')).status).toBe(200)

    await openUserMenu(page, email)
    await page.getByRole('menuitem', { name: 'Sign out of all devices' }).click()
    const confirm = page.getByRole('dialog', { name: 'Sign out of all devices?' })
    await confirm.getByRole('checkbox', { name: 'Also revoke my access tokens' }).check()
    await confirm.getByRole('button', { name: 'Sign out of all devices' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pocket' })).toBeVisible()

    const refused = await callWith(script, secret, 'GET', '/api/v1/chat/library/sessions')
    expect(refused.status).toBe(401)
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' })
    await script.dispose()
  })
})
