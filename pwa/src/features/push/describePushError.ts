import { Code, ConnectError } from '@connectrpc/connect'
import { NoServiceWorkerError } from '@/data/push/device'

/** What the menu says when turning push on or off failed: what failed, why, and what to do. */
export function describePushError(error: unknown, turningOn: boolean): string {
  return `Couldn't turn notifications ${turningOn ? 'on' : 'off'}. ${reason(error)}`
}

// A fetch that never reached the server surfaces as Unknown (not from the wire); a proxy's 502-504 as Unavailable.
const UNREACHABLE = new Set([Code.Unknown, Code.Unavailable, Code.DeadlineExceeded, Code.Canceled])

function reason(error: unknown): string {
  if (error instanceof NoServiceWorkerError)
    return 'The app is not fully installed yet. Reload the page, then try again.'
  if (error instanceof ConnectError) {
    if (error.code === Code.Unauthenticated) return 'Your session has ended. Sign in again, then try again.'
    if (UNREACHABLE.has(error.code) && !(error.code === Code.Unknown && error.isWireError))
      return "Pocket's server could not be reached. Check your connection, then try again."
    return `The server said: ${error.rawMessage}`
  }
  // pushManager.subscribe failing: no push service, or the browser refused.
  if (error instanceof DOMException) return `This browser could not set up push messages (${error.message}).`
  return 'Something went wrong. Try again.'
}
