import type { SocialProvider } from '@/data/api/auth'
import { PopupBlockedError, PopupCancelledError, PopupClosedError, ProviderSignInError } from './authErrors'

const POPUP_WIDTH = 500
const POPUP_HEIGHT = 600
/** How often we look at popup.closed (postMessage is the normal way out). */
export const POPUP_POLL_MS = 500
/** After the popup closes, its last postMessage may still be queued. */
export const POPUP_CLOSE_GRACE_MS = 1000
/** One named window: a second click reuses it instead of stacking popups. */
const WINDOW_NAME = 'pocket-auth'

/** What the server's callback page posts to window.opener. */
interface PocketAuthMessage {
  type: 'pocket-auth'
  provider: SocialProvider
  token?: string
  error?: string
}

let pending: { cancel: () => void } | null = null

/**
 * Opens /api/v1/auth/{provider}/start in a 500×600 popup and resolves with
 * the custom token the callback page posts back. Rejects with
 * PopupBlockedError, PopupClosedError, PopupCancelledError (a newer request
 * replaced this one) or ProviderSignInError. Must be called straight from a
 * click handler, or browsers block the window.
 */
export function openAuthPopup(provider: SocialProvider, win: Window = window): Promise<string> {
  pending?.cancel()
  pending = null
  const popup = win.open(`/api/v1/auth/${provider}/start`, WINDOW_NAME, popupFeatures(win))
  if (!popup) return Promise.reject(new PopupBlockedError())
  popup.focus?.()

  return new Promise<string>((resolve, reject) => {
    let closedTimer: ReturnType<typeof setTimeout> | undefined
    const settle = (outcome: () => void) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(closedTimer)
      if (pending === handle) pending = null
      outcome()
    }
    const onMessage = (event: MessageEvent) => {
      // Only our own origin's callback page may sign anyone in.
      if (event.origin !== win.location.origin || !isAuthMessage(event.data, provider)) return
      const { token, error } = event.data
      if (token) settle(() => resolve(token))
      else settle(() => reject(new ProviderSignInError(error ?? 'Sign-in failed')))
    }
    const poll = setInterval(() => {
      if (!popup.closed || closedTimer !== undefined) return
      closedTimer = setTimeout(() => settle(() => reject(new PopupClosedError())), POPUP_CLOSE_GRACE_MS)
    }, POPUP_POLL_MS)
    const handle = { cancel: () => settle(() => reject(new PopupCancelledError())) }
    pending = handle
    win.addEventListener('message', onMessage)
  })
}

function isAuthMessage(data: unknown, provider: SocialProvider): data is PocketAuthMessage {
  const msg = data as Partial<PocketAuthMessage> | null
  return typeof msg === 'object' && msg !== null && msg.type === 'pocket-auth' && msg.provider === provider
}

/** Centred over the current window, like the identity library's popup. */
function popupFeatures(win: Window): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2))
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},resizable=yes,scrollbars=yes`
}
