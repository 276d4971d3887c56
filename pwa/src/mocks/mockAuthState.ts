import type { AuthUser } from '@/data/api/auth'
import { SESSION_MARKER_COOKIE } from '@/data/api/sessionMarker'

/**
 * The mock identity service's memory. The "refresh cookie" is kept in
 * localStorage so a reload in `npm run dev` stays signed in, as it would
 * against the real server.
 */
export const DEV_CODE = '123456'
export const CODE_TTL_SECONDS = 600
export const RESEND_WAIT_SECONDS = 60
export const MAX_FAILURES = 5
const SESSION_KEY = 'pocket-msw-session'

interface CodeEntry {
  code: string
  expiresAt: number
  sentAt: number
  failures: number
  lockedUntil: number
}

export const mockAuth = {
  codes: new Map<string, CodeEntry>(),

  session(): AuthUser | null {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY)
    return raw ? (JSON.parse(raw) as AuthUser) : null
  },

  setSession(user: AuthUser | null): void {
    if (user) globalThis.localStorage?.setItem(SESSION_KEY, JSON.stringify(user))
    else globalThis.localStorage?.removeItem(SESSION_KEY)
    setSessionMarker(user !== null)
  },

  reset(): void {
    this.codes.clear()
    this.setSession(null)
  },
}

/** What the real server does with the refresh cookie: the readable marker follows the session. */
export function setSessionMarker(on: boolean): void {
  if (!globalThis.document) return
  document.cookie = on
    ? `${SESSION_MARKER_COOKIE}=1; path=/; SameSite=Strict`
    : `${SESSION_MARKER_COOKIE}=; path=/; max-age=0`
}

export function mockUser(email: string): AuthUser {
  const local = email.split('@')[0] ?? email
  return { uid: `uid-${local}`, email, displayName: local.charAt(0).toUpperCase() + local.slice(1), photoURL: null }
}

export const idTokenFor = (user: AuthUser) => `mock-id-token.${user.uid}`
export const customTokenFor = (email: string) => `mock-custom-token.${email}`
export const emailFromCustomToken = (token: string) =>
  token.startsWith('mock-custom-token.') ? token.slice('mock-custom-token.'.length) : null
