import { describe, expect, it } from 'vitest'
import { Code, ConnectError } from '@connectrpc/connect'
import { NoServiceWorkerError } from '@/data/push/device'
import { describePushError } from './describePushError'

describe('what the menu says when push could not be changed', () => {
  it.each([
    [
      new ConnectError('Failed to fetch', Code.Unknown),
      true,
      "Couldn't turn notifications on. Pocket's server could not be reached. Check your connection, then try again.",
    ],
    [
      new ConnectError('bad gateway', Code.Unavailable),
      false,
      "Couldn't turn notifications off. Pocket's server could not be reached. Check your connection, then try again.",
    ],
    [
      new ConnectError('no token', Code.Unauthenticated),
      true,
      "Couldn't turn notifications on. Your session has ended. Sign in again, then try again.",
    ],
    [
      new ConnectError('endpoint must be https', Code.InvalidArgument),
      true,
      "Couldn't turn notifications on. The server said: endpoint must be https",
    ],
    [
      new NoServiceWorkerError(),
      true,
      "Couldn't turn notifications on. The app is not fully installed yet. Reload the page, then try again.",
    ],
    [
      new DOMException('Registration failed - push service not available', 'AbortError'),
      true,
      "Couldn't turn notifications on. This browser could not set up push messages (Registration failed - push service not available).",
    ],
    [new Error('?'), false, "Couldn't turn notifications off. Something went wrong. Try again."],
  ])('%s', (error, turningOn, text) => {
    expect(describePushError(error, turningOn)).toBe(text)
  })

  it('an Unknown error the server itself sent is its refusal, not an unreachable server', () => {
    const fromServer = ConnectError.from(new ConnectError('boom', Code.Unknown))
    Object.defineProperty(fromServer, 'isWireError', { value: true })
    expect(describePushError(fromServer, true)).toBe("Couldn't turn notifications on. The server said: boom")
  })
})
