import { isApiError } from '@/data/api/errors'
import { LOAD_FAILED_MESSAGE, NO_DATA_CODE } from '@/data/detail'
import { NO_DATA_SCREEN, type ErrorScreenText } from '@/features/recording-view/errorScreens'

/** Spec §2 "Load error screens", chosen by status (spec §4 "Detail"). */
export function detailErrorScreen(error: unknown): ErrorScreenText {
  const status = isApiError(error) ? error.status : 500
  if (isApiError(error) && error.code === NO_DATA_CODE) return NO_DATA_SCREEN
  switch (status) {
    case 404:
      return {
        title: 'Recording Not Found',
        message: 'This recording may have been deleted or you do not have access to it.',
        retry: false,
      }
    case 403:
      return { title: 'Access Denied', message: 'You do not have permission to view this recording.', retry: false }
    case 401:
      return { title: 'Authentication Required', message: 'Please sign in to view this recording.', retry: false }
    default:
      return {
        title: 'Error Loading Recording',
        message: error instanceof Error && error.message ? error.message : LOAD_FAILED_MESSAGE,
        retry: true,
      }
  }
}

/** Errors that outrank a copy on the device: the server said the recording is not (or no longer) the user's. */
export function isDefinitiveDetailError(error: unknown): boolean {
  return isApiError(error) && ([401, 403, 404].includes(error.status) || error.code === NO_DATA_CODE)
}
