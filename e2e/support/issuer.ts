import { expect, type APIRequestContext } from '@playwright/test'
import { stack } from './env'

/** Who the local issuer signs in next (its POST /queue body). */
export interface IssuerPerson {
  email: string
  name?: string
  /** Answer access_denied, as when the person cancels at the provider. */
  deny?: boolean
}

/** The next "Continue with Google" authorization signs this person in. */
export async function queuePerson(person: IssuerPerson): Promise<void> {
  const res = await fetch(`${stack.issuerURL}/queue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(person),
  })
  if (res.status !== 204) throw new Error(`issuer POST /queue: ${res.status} ${await res.text()}`)
}

const dataBlock = /<script id="pocket-auth" type="application\/json">([\s\S]*?)<\/script>/

/** Follows one redirect by hand, as the popup window would. */
async function redirectFrom(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { maxRedirects: 0 })
  expect(res.status(), `${url} redirects`).toBe(302)
  return new URL(res.headers()['location'], url).toString()
}

/**
 * Signs a browser context in without the UI, through the same Google code flow
 * the popup runs (start → issuer → callback → session). `request` must be the
 * context's own (page.request), so the refresh cookie lands in its jar. Specs
 * about something other than signing in start from here: it is fast and, unlike
 * an e-mail code, has no 60-second resend limit per address. `base` is the
 * pocket to sign in to; `beforeCallback` runs once the issuer has answered,
 * before the browser comes back to pocket (a test of replicas moves the
 * browser to another replica there).
 */
export async function signInThroughIssuer(
  request: APIRequestContext,
  email: string,
  base = stack.pocketURL,
  beforeCallback?: () => Promise<void>,
): Promise<void> {
  await queuePerson({ email })
  const authorize = await redirectFrom(request, `${base}/api/v1/auth/google/start`)
  const callback = await redirectFrom(request, authorize)
  await beforeCallback?.()
  const popup = await request.get(callback)
  const page = await popup.text()
  expect(popup.ok(), page).toBe(true)
  const { message } = JSON.parse(dataBlock.exec(page)?.[1] ?? 'null') as { message: { token?: string; error?: string } }
  expect(message.token, message.error).toBeTruthy()
  const session = await request.post(`${base}/api/v1/auth/session`, { data: { token: message.token } })
  expect(session.ok(), await session.text()).toBe(true)
}
