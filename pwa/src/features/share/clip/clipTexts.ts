import { isApiError } from '@/data/api/errors'
import { formatClock } from '@/data/time'

/** Said where the player would be when the server cannot cut the recording's audio (MP3, M4A). */
export const CLIP_AUDIO_UNAVAILABLE_TEXT = 'The audio of this clip can’t be played.'

/** A clip's range on the recording's timeline: "12:03 – 12:41". */
export const clipRange = (start: number, end: number) => `${formatClock(start)} – ${formatClock(end)}`

export interface ClipErrorText {
  title: string
  message: string
  retry: boolean
}

/*
 * The shared recording's error screens (../shareErrors), word for word
 * (clipTexts.test.ts holds them equal). Copied, not imported: importing
 * shareErrors (and the recording view's error screen) from this page would
 * move them out of the shared recording's chunk into small chunks of their
 * own, which that route, at its size budget, would pay for.
 */
export const CLIP_NO_TOKEN: ClipErrorText = {
  title: 'Invalid Share Link',
  message: 'No share token provided',
  retry: false,
}

/** Chosen by status as the shared recording's: 410 expired, 404 not found, 401 invalid or revoked. */
export function clipErrorText(error: unknown): ClipErrorText {
  if (!isApiError(error)) return generic(error)
  if (error.code === 'NO_SHARE_TOKEN') return CLIP_NO_TOKEN
  if (error.code === 'NO_DATA') return { title: 'No Data', message: 'Unable to load recording data.', retry: true }
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

/** A 5xx or a network failure: the client's message (the spec's network error text), with Retry. */
function generic(error: unknown): ClipErrorText {
  const message = error instanceof Error && error.message ? error.message : 'Failed to load recording'
  return { title: 'Error Loading Recording', message, retry: true }
}
