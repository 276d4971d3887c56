// Signs a Playwright browser context in to a running `pocket serve` by e-mail
// code, reading the code from the server's log (the log mailer writes
// "sign-in code for EMAIL: NNNNNN" when no SMTP server is configured).
// For benchmark scripts; tests sign in through Mailpit instead.
import { readFileSync } from 'node:fs'

/** Returns the session's ID token, for scripts that call the API themselves. */
export async function signInFromLog(context, { url, log, email = 'demo@example.com' }) {
  const sent = await context.request.post(`${url}/api/v1/auth/email/send-otp`, { data: { email } })
  if (!sent.ok()) throw new Error(`send-otp: ${sent.status()} ${await sent.text()}`)
  const pattern = new RegExp(`sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g')
  let otp
  for (let waited = 0; !otp && waited < 5000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100))
    otp = [...readFileSync(log, 'utf8').matchAll(pattern)].at(-1)?.[1]
  }
  if (!otp) throw new Error(`no sign-in code for ${email} in ${log}`)
  const verified = await (await context.request.post(`${url}/api/v1/auth/email/verify-otp`, { data: { email, otp } })).json()
  const session = await context.request.post(`${url}/api/v1/auth/session`, { data: { token: verified.data.token } })
  if (!session.ok()) throw new Error(`session: ${session.status()}`)
  const { idToken } = await session.json()
  return { idToken }
}
