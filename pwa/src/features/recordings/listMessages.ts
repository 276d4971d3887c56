import { isApiError } from '@/data/api/errors'
import { UNEXPECTED_FORMAT_CODE, UNEXPECTED_FORMAT_MESSAGE } from '@/data/recordings'

/** List load errors (spec §8). */
export function listErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === UNEXPECTED_FORMAT_CODE) return UNEXPECTED_FORMAT_MESSAGE
    if (error.status === 401) return 'Authentication failed. Please log in again.'
    if (error.status === 403) return 'Access denied. Please check your permissions.'
  }
  return 'Failed to load recordings. Please try again.'
}

export const UNTITLED = 'Untitled Recording'
