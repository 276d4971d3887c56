import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { openSidebar, userMenuButton } from '../support/app'
import { stack } from '../support/env'
import { signInThroughIssuer } from '../support/issuer'
import { WITHOUT_SERVICE_WORKER } from '../support/serviceWorker'

test.use(WITHOUT_SERVICE_WORKER)

/**
 * Webhooks against the real server: an endpoint added in the Webhooks dialog
 * (its secret shown once), a recording uploaded over REST delivered to a
 * receiver in this test that verifies it with the standardwebhooks library,
 * the delivery in the dialog's log, and Resend sending it again with the same
 * webhook-id. The server runs with POCKET_WEBHOOK_ALLOW_PRIVATE=1 (e2e/run.sh).
 */
const FIXTURE = new URL('../../fixtures/recordings/02-one-on-one-leo.json', import.meta.url)

interface Received {
  id: string
  type: string
  verified: boolean
}

function receiver(secret: () => string) {
  const got: Received[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      }
      try {
        const event = new Webhook(secret()).verify(body, headers) as { type: string }
        got.push({ id: headers['webhook-id'], type: event.type, verified: true })
        res.writeHead(200).end('received by the test')
      } catch {
        got.push({ id: headers['webhook-id'], type: '', verified: false })
        res.writeHead(401).end()
      }
    })
  })
  return { server, got }
}

async function freshUser(page: Page) {
  const email = `hook-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await signInThroughIssuer(page.request, email)
  const { idToken } = (await (await page.request.post(`${stack.pocketURL}/api/v1/auth/refresh`)).json()) as {
    idToken: string
  }
  return { email, idToken }
}

test('an endpoint added in settings receives a signed delivery, logged, and Resend sends it again', async ({
  page,
}) => {
  let secret = ''
  const { server, got } = receiver(() => secret)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  try {
    const { email, idToken } = await freshUser(page)
    await page.goto('/recordings')
    await openSidebar(page)
    await userMenuButton(page, email).click()
    await page.getByRole('menuitem', { name: 'Webhooks' }).click()
    const dialog = page.getByRole('dialog', { name: 'Webhooks' })
    await expect(dialog.getByText('You have no webhooks yet.')).toBeVisible()
    const form = dialog.getByRole('form', { name: 'Add endpoint' })
    await form.getByLabel('Endpoint URL').fill(url)
    await form.getByRole('button', { name: 'Add endpoint' }).click()
    const field = dialog.getByRole('region', { name: 'New signing secret' }).getByLabel(`Signing secret of ${url}`)
    secret = await field.inputValue()
    expect(secret).toMatch(/^whsec_/)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog.getByRole('listitem')).toContainText('Active')

    const res = await page.request.post(`${stack.pocketURL}/api/v1/recordings`, {
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
      data: readFileSync(FIXTURE),
    })
    expect(res.status(), await res.text()).toBe(201)
    await expect.poll(() => got.length, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(got[0]).toMatchObject({ type: 'recording.created', verified: true })

    const item = dialog.getByRole('listitem').first()
    await item.getByRole('button', { name: 'Deliveries' }).click()
    const log = dialog.getByRole('list', { name: `Deliveries to ${url}` })
    const created = log.getByRole('listitem').filter({ hasText: 'recording.created' })
    await expect(created).toContainText('Delivered')
    await expect(created).toContainText('received by the test')
    const first = got[0].id
    await created.getByRole('button', { name: 'Resend' }).click()
    // The same webhook-id again (the summary the engine writes meanwhile is a delivery of its own).
    await expect.poll(() => got.filter((g) => g.id === first && g.verified).length, { timeout: 15_000 }).toBe(2)
  } finally {
    server.close()
  }
})
