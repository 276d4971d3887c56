import { http, HttpResponse } from 'msw'
import {
  CODE_TTL_SECONDS,
  customTokenFor,
  DEV_CODE,
  emailFromCustomToken,
  idTokenFor,
  MAX_FAILURES,
  mockAuth,
  mockUser,
  RESEND_WAIT_SECONDS,
} from '../mockAuthState'
import { fail } from './respond'

const LOCKED = 'Too many failed attempts. Try again in 15 minutes.'

/** The identity endpoints the lead's server implements, with the same texts. */
export const authHandlers = [
  http.post('/api/v1/auth/email/send-otp', async ({ request }) => {
    const { email } = (await request.json()) as { email?: string }
    if (!email?.includes('@')) return fail(400, 'Invalid email address', 'INVALID_EMAIL')
    const now = Date.now()
    const entry = mockAuth.codes.get(email)
    if (entry && entry.lockedUntil > now) return fail(429, LOCKED, 'LOCKED')
    if (entry && now - entry.sentAt < RESEND_WAIT_SECONDS * 1000) {
      const wait = Math.ceil((entry.sentAt + RESEND_WAIT_SECONDS * 1000 - now) / 1000)
      return fail(429, `Please wait ${wait} seconds before requesting a new code`, 'RATE_LIMITED')
    }
    mockAuth.codes.set(email, {
      code: DEV_CODE,
      sentAt: now,
      expiresAt: now + CODE_TTL_SECONDS * 1000,
      failures: 0,
      lockedUntil: 0,
    })
    if (import.meta.env.MODE !== 'test') console.info(`[msw] sign-in code for ${email}: ${DEV_CODE}`)
    return HttpResponse.json({ success: true, message: 'Verification code sent', expiresIn: CODE_TTL_SECONDS })
  }),

  http.post('/api/v1/auth/email/verify-otp', async ({ request }) => {
    const { email = '', otp } = (await request.json()) as { email?: string; otp?: string }
    const entry = mockAuth.codes.get(email)
    const now = Date.now()
    if (entry && entry.lockedUntil > now) return fail(429, LOCKED, 'LOCKED')
    if (!entry || entry.expiresAt <= now) {
      return fail(400, 'Verification code expired. Please request a new one.', 'CODE_EXPIRED')
    }
    if (otp !== entry.code) {
      entry.failures += 1
      if (entry.failures >= MAX_FAILURES) {
        entry.lockedUntil = now + 15 * 60 * 1000
        return fail(429, LOCKED, 'LOCKED')
      }
      return fail(400, 'Invalid verification code', 'INVALID_CODE')
    }
    mockAuth.codes.delete(email)
    return HttpResponse.json({
      success: true,
      message: 'Verification successful',
      data: { token: customTokenFor(email), user: mockUser(email) },
    })
  }),

  http.get('/api/v1/auth-email/check', ({ request }) => {
    const email = new URL(request.url).searchParams.get('email') ?? ''
    return HttpResponse.json({ success: true, data: { exists: email.endsWith('@example.com') } })
  }),

  http.post('/api/v1/auth/session', async ({ request }) => {
    const { token = '' } = (await request.json()) as { token?: string }
    const email = emailFromCustomToken(token)
    if (!email) return fail(401, 'Invalid or expired sign-in token', 'INVALID_TOKEN')
    const user = mockUser(email)
    mockAuth.setSession(user)
    return HttpResponse.json({ idToken: idTokenFor(user), expiresIn: 3600, user })
  }),

  http.post('/api/v1/auth/refresh', () => {
    const user = mockAuth.session()
    if (!user) {
      mockAuth.setSession(null) // like the server: a refused refresh clears the session marker
      return fail(401, 'Not signed in', 'UNAUTHENTICATED')
    }
    return HttpResponse.json({ idToken: idTokenFor(user), expiresIn: 3600, user })
  }),

  http.post('/api/v1/auth/logout', () => {
    mockAuth.setSession(null)
    return HttpResponse.json({ success: true })
  }),

  // The mock keeps one session, so every device is this one.
  http.post('/api/v1/auth/logout-all', ({ request }) => {
    if (!request.headers.get('Authorization')?.startsWith('Bearer '))
      return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    mockAuth.setSession(null)
    return HttpResponse.json({ success: true, message: 'Signed out of all devices' })
  }),

  // No OIDC provider behind MSW: the buttons say so.
  http.get('/api/v1/auth/providers', () => HttpResponse.json({ google: false, apple: false })),
]
