import { isApiError } from '@/data/api/errors'
import { UNEXPECTED_FORMAT_CODE, UNEXPECTED_FORMAT_MESSAGE } from '@/data/recordings'

const AUTH_FAILED_MESSAGE = 'Authentication failed. Please log in again.'
const ACCESS_DENIED_MESSAGE = 'Access denied. Please check your permissions.'
const LOAD_FAILED_MESSAGE = 'Failed to load recordings. Please try again.'
const SEARCH_FAILED_MESSAGE = 'Search failed. Please try again.'
export const SEARCH_EMPTY_MESSAGE = 'Try adjusting your search terms'

/** List load errors (spec §8): an unexpected shape first, then 401, 403, anything else. */
export function listErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === UNEXPECTED_FORMAT_CODE) return UNEXPECTED_FORMAT_MESSAGE
    if (error.status === 401) return AUTH_FAILED_MESSAGE
    if (error.status === 403) return ACCESS_DENIED_MESSAGE
  }
  return LOAD_FAILED_MESSAGE
}

/** A failed search has one message whatever went wrong (spec §8). */
export function searchErrorMessage(): string {
  return SEARCH_FAILED_MESSAGE
}
