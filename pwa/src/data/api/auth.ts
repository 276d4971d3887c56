import { apiRequest } from './http'

/** The signed-in user the product keeps (spec §3). */
export interface AuthUser {
  uid: string
  email: string | null
  displayName: string | null
  photoURL: string | null
}

interface SessionGrant {
  idToken: string
  /** Seconds until the ID token expires. */
  expiresIn: number
  user: AuthUser
}

interface SendOtpResponse {
  success: boolean
  message?: string
  /** Seconds the code stays valid; the spec's default is 600. */
  expiresIn: number
}

interface VerifyOtpResponse {
  success: boolean
  message?: string
  data: { token: string; user: AuthUser }
}

export type SocialProvider = 'google' | 'apple'
export type ProviderAvailability = Record<SocialProvider, boolean>

export const DEFAULT_CODE_VALIDITY_SECONDS = 600

const AUTH = '/api/v1/auth'

export async function sendOtp(email: string): Promise<SendOtpResponse> {
  const res = await apiRequest<Partial<SendOtpResponse>>(`${AUTH}/email/send-otp`, {
    method: 'POST',
    body: { email },
    auth: false,
  })
  const expiresIn =
    typeof res.expiresIn === 'number' && res.expiresIn > 0 ? res.expiresIn : DEFAULT_CODE_VALIDITY_SECONDS
  return { success: res.success ?? true, message: res.message, expiresIn }
}

export async function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  const res = await apiRequest<VerifyOtpResponse>(`${AUTH}/email/verify-otp`, {
    method: 'POST',
    body: { email, otp },
    auth: false,
  })
  return { ...res, data: { token: res.data.token, user: toAuthUser(res.data.user) } }
}

/** Exchanges a custom token (e-mail code or popup) for an ID token and the refresh cookie. */
export async function createSession(token: string): Promise<SessionGrant> {
  return toGrant(await apiRequest<SessionGrant>(`${AUTH}/session`, { method: 'POST', body: { token }, auth: false }))
}

/** Uses the httpOnly refresh cookie; 401 when there is no live session. */
export async function refreshSession(signal?: AbortSignal): Promise<SessionGrant> {
  return toGrant(await apiRequest<SessionGrant>(`${AUTH}/refresh`, { method: 'POST', auth: false, signal }))
}

export async function endSession(): Promise<void> {
  await apiRequest<unknown>(`${AUTH}/logout`, { method: 'POST' })
}

/**
 * Ends every session of the signed-in user, on every device, this one
 * included; with revokeTokens, their personal access tokens too.
 */
export async function endAllSessions(options: { revokeTokens?: boolean } = {}): Promise<void> {
  const body = options.revokeTokens ? { revokeTokens: true } : undefined
  await apiRequest<unknown>(`${AUTH}/logout-all`, { method: 'POST', body })
}

export async function getProviders(): Promise<ProviderAvailability> {
  const res = await apiRequest<Partial<ProviderAvailability>>(`${AUTH}/providers`, { auth: false })
  return { google: res.google === true, apple: res.apple === true }
}

function toGrant(raw: SessionGrant): SessionGrant {
  return { idToken: raw.idToken, expiresIn: raw.expiresIn, user: toAuthUser(raw.user) }
}

/** Servers may omit or null the optional fields; the app always sees all four. */
function toAuthUser(raw: Partial<AuthUser> | undefined): AuthUser {
  return {
    uid: String(raw?.uid ?? ''),
    email: raw?.email ?? null,
    displayName: raw?.displayName ?? null,
    photoURL: raw?.photoURL ?? null,
  }
}
