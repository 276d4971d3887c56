import { isApiError } from '@/data/api/errors'
import { NO_SHARE_TOKEN_MESSAGE } from '@/data/share'
import { NO_DATA_SCREEN, type ErrorScreenText } from '@/features/recording-view/errorScreens'

export const NO_TOKEN_SCREEN: ErrorScreenText = {
  title: 'Invalid Share Link',
  message: NO_SHARE_TOKEN_MESSAGE,
  retry: false,
}

/** Spec §2 "Share error screens", chosen by status (§4: 410 expired, 404 not found, 401 invalid or revoked). */
export function shareErrorScreen(error: unknown): ErrorScreenText {
  if (!isApiError(error)) return generic(error)
  if (error.code === 'NO_SHARE_TOKEN') return NO_TOKEN_SCREEN
  if (error.code === 'NO_DATA') return NO_DATA_SCREEN
  switch (error.status) {
    case 410:
      return {
        title: 'Share Link Expired',
        message: 'This share link has expired and is no longer valid.',
        retry: false,
      }
    case 404:
      return {
        title: 'Recording Not Found',
        message: 'This recording may have been deleted or the share link may be invalid.',
        retry: false,
      }
    case 401:
      return { title: 'Invalid Share Link', message: 'This share link is invalid or has been revoked.', retry: false }
    default:
      return generic(error)
  }
}

/** Anything else (a 5xx, a network failure): the client's message, e.g. the spec's network error text. */
function generic(error: unknown): ErrorScreenText {
  const message = error instanceof Error && error.message ? error.message : 'Failed to load recording'
  return { title: 'Error Loading Recording', message, retry: true }
}
