import { isApiError } from '@/data/api/errors'

/** A toast the login screen shows: its text and how long it stays (spec §8, §9). */
interface LoginToast {
  message: string
  duration: number
}

export const TOAST_MS = { success: 3000, normal: 4000, wait: 5000, locked: 6000 } as const
const DEFAULT_WAIT_SECONDS = 60

export const SEND_FAILED = 'Failed to send verification code'
export const ACCOUNT_LOCKED = 'Account locked. Please try again in 15 minutes'
export const INVALID_CODE = 'Invalid verification code'
export const CODE_EXPIRED = 'Code expired. Please request a new one'
export const VERIFY_FAILED = 'Verification failed'
export const VERIFY_SUCCESS = 'Verification successful!'
/** The code step's banner; note the full stop the toast above lacks (spec §2 vs §8). */
export const EXPIRED_BANNER = 'Code expired. Please request a new one.'
export const POPUP_BLOCKED = 'The sign-in popup was blocked. Please allow popups for this site and try again.'

/** The server's own words, if it sent any; network failures have none. */
function serverText(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined
}

/** Send code failures (spec §8). */
export function sendCodeError(error: unknown): LoginToast {
  const text = serverText(error)
  if (!text) return { message: SEND_FAILED, duration: TOAST_MS.normal }
  const lower = text.toLowerCase()
  if (lower.includes('wait') && lower.includes('seconds')) {
    const wait = formatWait(parseWaitSeconds(text))
    return { message: `Please wait ${wait} before requesting a new code`, duration: TOAST_MS.wait }
  }
  if (lower.includes('too many failed attempts')) return { message: ACCOUNT_LOCKED, duration: TOAST_MS.locked }
  return { message: text, duration: TOAST_MS.normal }
}

/** Verify failures (spec §8). */
export function verifyError(error: unknown): LoginToast {
  const text = serverText(error)
  if (!text) return { message: VERIFY_FAILED, duration: TOAST_MS.normal }
  if (text.includes(INVALID_CODE)) return { message: INVALID_CODE, duration: TOAST_MS.normal }
  if (text.toLowerCase().includes('expired')) return { message: CODE_EXPIRED, duration: TOAST_MS.normal }
  return { message: text, duration: TOAST_MS.normal }
}

/** "Please wait 42 seconds…" → 42; the number before "second", else 60. */
export function parseWaitSeconds(text: string): number {
  const match = /(\d+)\s*seconds?/i.exec(text)
  const seconds = match ? Number(match[1]) : NaN
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_WAIT_SECONDS
}

/** Seconds as "42 seconds", "2 minutes" or "1m 30s" (spec §8). */
export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (rest === 0) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  return `${minutes}m ${rest}s`
}
