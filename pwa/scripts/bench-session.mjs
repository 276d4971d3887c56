// Signs a Playwright browser context in to a running `pocket serve` by e-mail
// code, reading the code from the server's log (the log mailer writes
// "sign-in code for EMAIL: NNNNNN" when no SMTP server is configured).
// For benchmark scripts; tests sign in through Mailpit instead.
import { readFileSync } from 'node:fs'

/** Returns the session's ID token, for scripts that call the API themselves. */
export async function signInFromLog(context, { url, log, email = 'demo@example.com' }) {
  const send = () => context.request.post(`${url}/api/v1/auth/email/send-otp`, { data: { email } })
  let sent = await send()
  // One code a minute: a bench started soon after another sign-in waits out the rest of it.
  const wait = sent.status() === 429 && /wait (\d+) seconds/.exec(await sent.text())?.[1]
  if (wait) {
    await new Promise((r) => setTimeout(r, (Number(wait) + 1) * 1000))
    sent = await send()
  }
  if (!sent.ok()) throw new Error(`send-otp: ${sent.status()} ${await sent.text()}`)
  const pattern = new RegExp(`sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`, 'g')
  let otp
  for (let waited = 0; !otp && waited < 5000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100))
    otp = [...readFileSync(log, 'utf8').matchAll(pattern)].at(-1)?.[1]
  }
  if (!otp) throw new Error(`no sign-in code for ${email} in ${log}`)
  const verified = await (
    await context.request.post(`${url}/api/v1/auth/email/verify-otp`, { data: { email, otp } })
  ).json()
  const session = await context.request.post(`${url}/api/v1/auth/session`, { data: { token: verified.data.token } })
  if (!session.ok()) throw new Error(`session: ${session.status()}`)
  const { idToken } = await session.json()
  return { idToken }
}

/** A first screen's path on a signed-in server: the list, the newest recording, or a new share link to it. */
export async function screenPath(context, { url, idToken }, screen) {
  if (screen === 'list') return '/recordings'
  const api = async (method, path) => {
    const res = await context.request.fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${idToken}` },
      data: method === 'POST' ? {} : undefined,
    })
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()}`)
    return res.json()
  }
  const id = (await api('GET', '/api/v1/recordings/dashboard?limit=1')).data[0].id
  if (screen === 'detail') return `/recordings/${id}`
  if (screen === 'shared') {
    const share = await api('POST', `/api/v1/recordings/${id}/share`)
    return `/shared/recording?token=${share.token ?? share.data?.token}`
  }
  throw new Error(`unknown screen ${screen} (list, detail or shared)`)
}

/**
 * A fresh phone-sized page signed in to `pocket` (no service worker, nothing
 * cached) with the CPU slowed 4× as in Lighthouse's mobile preset (or by
 * `cpuRate`), and the URL of `screen` to open in it; the shared screen is
 * opened signed out. For the profiling scripts.
 */
export async function slowPhonePage(browser, pocket, screen, cpuRate = 4) {
  // The phone Lighthouse's mobile preset emulates (a Moto G Power: 412 × 823 at 1.75 device pixels per CSS pixel).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const { idToken } = await signInFromLog(context, { url: pocket.url, log: pocket.log })
  const path = await screenPath(context, { url: pocket.url, idToken }, screen)
  if (screen === 'shared') await context.clearCookies()
  // The zone the app writes once a signed-in page has settled (app/zoneCookie.ts), as a returning visitor has it.
  else
    await context.addCookies([
      { name: 'pocket_tz', value: Intl.DateTimeFormat().resolvedOptions().timeZone, url: `${pocket.url}/recordings` },
    ])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  return { page, cdp, url: `${pocket.url}${path}` }
}
