import { describe, expect, it } from 'vitest'
import { ApiError, networkError } from '@/data/api/errors'
import {
  ACCOUNT_LOCKED,
  CODE_EXPIRED,
  EXPIRED_BANNER,
  formatWait,
  INVALID_CODE,
  parseWaitSeconds,
  SEND_FAILED,
  sendCodeError,
  TOAST_MS,
  VERIFY_FAILED,
  VERIFY_SUCCESS,
  verifyError,
} from './loginMessages'

const server = (status: number, message?: string) =>
  ApiError.fromResponse(status, message ? { success: false, message } : null)

describe('the spec texts', () => {
  it('are exact', () => {
    expect(SEND_FAILED).toBe('Failed to send verification code')
    expect(ACCOUNT_LOCKED).toBe('Account locked. Please try again in 15 minutes')
    expect(INVALID_CODE).toBe('Invalid verification code')
    expect(CODE_EXPIRED).toBe('Code expired. Please request a new one')
    expect(EXPIRED_BANNER).toBe('Code expired. Please request a new one.')
    expect(VERIFY_FAILED).toBe('Verification failed')
    expect(VERIFY_SUCCESS).toBe('Verification successful!')
    expect(TOAST_MS).toEqual({ success: 3000, normal: 4000, wait: 5000, locked: 6000 })
  })
})

describe('send code errors', () => {
  it.each([
    ['Please wait 42 seconds before requesting a new code', 'Please wait 42 seconds before requesting a new code'],
    ['Please wait 1 seconds before requesting a new code', 'Please wait 1 second before requesting a new code'],
    ['You must WAIT 90 SECONDS', 'Please wait 1m 30s before requesting a new code'],
    ['wait 120 seconds', 'Please wait 2 minutes before requesting a new code'],
    ['wait 60 seconds', 'Please wait 1 minute before requesting a new code'],
    ['Please wait a few seconds', 'Please wait 1 minute before requesting a new code'],
  ])('"%s" → "%s" for 5 s', (text, message) => {
    expect(sendCodeError(server(429, text))).toEqual({ message, duration: 5000 })
  })

  it('a lockout says the account is locked, for 6 s', () => {
    expect(sendCodeError(server(429, 'Too many failed attempts. Try again in 15 minutes.'))).toEqual({
      message: ACCOUNT_LOCKED,
      duration: 6000,
    })
  })

  it('other server errors show the server text for 4 s', () => {
    expect(sendCodeError(server(400, 'Invalid email address'))).toEqual({
      message: 'Invalid email address',
      duration: 4000,
    })
    expect(sendCodeError(server(500, 'Mail server down'))).toEqual({ message: 'Mail server down', duration: 4000 })
  })

  it('no text (empty body, network, bug) → the generic message', () => {
    expect(sendCodeError(server(500))).toEqual({ message: SEND_FAILED, duration: 4000 })
    expect(sendCodeError(networkError(new TypeError('fetch failed')))).toEqual({ message: SEND_FAILED, duration: 4000 })
    expect(sendCodeError(new Error('boom'))).toEqual({ message: SEND_FAILED, duration: 4000 })
  })
})

describe('verify errors', () => {
  it('an invalid code says so', () => {
    expect(verifyError(server(400, 'Invalid verification code'))).toEqual({ message: INVALID_CODE, duration: 4000 })
  })

  it('any text with "expired" becomes the expired message', () => {
    expect(verifyError(server(400, 'Verification code expired. Please request a new one.'))).toEqual({
      message: CODE_EXPIRED,
      duration: 4000,
    })
    expect(verifyError(server(401, 'Token Expired'))).toEqual({ message: CODE_EXPIRED, duration: 4000 })
  })

  it('other texts are shown as sent; no text → Verification failed', () => {
    expect(verifyError(server(429, 'Too many failed attempts. Try again in 15 minutes.'))).toEqual({
      message: 'Too many failed attempts. Try again in 15 minutes.',
      duration: 4000,
    })
    expect(verifyError(server(502))).toEqual({ message: VERIFY_FAILED, duration: 4000 })
    expect(verifyError(networkError(new TypeError('offline')))).toEqual({ message: VERIFY_FAILED, duration: 4000 })
  })
})

describe('wait time', () => {
  it('is parsed from the text, default 60 s', () => {
    expect(parseWaitSeconds('Please wait 42 seconds')).toBe(42)
    expect(parseWaitSeconds('wait 7second')).toBe(7)
    expect(parseWaitSeconds('please wait some seconds')).toBe(60)
  })

  it('is shown as seconds, "Xm Ys" or minutes', () => {
    expect(formatWait(59)).toBe('59 seconds')
    expect(formatWait(61)).toBe('1m 1s')
    expect(formatWait(180)).toBe('3 minutes')
  })
})
