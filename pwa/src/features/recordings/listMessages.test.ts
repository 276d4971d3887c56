import { describe, expect, it } from 'vitest'
import { ApiError, networkError } from '@/data/api/errors'
import { recordingsIn } from '@/data/recordings'
import { listErrorMessage, searchErrorMessage } from './listMessages'

const status = (s: number) => new ApiError({ status: s, code: 'X', message: 'server text' })

describe('list error messages (spec §8)', () => {
  it.each([
    [401, 'Authentication failed. Please log in again.'],
    [403, 'Access denied. Please check your permissions.'],
    [404, 'Failed to load recordings. Please try again.'],
    [500, 'Failed to load recordings. Please try again.'],
    [503, 'Failed to load recordings. Please try again.'],
  ])('%i → %s', (s, message) => {
    expect(listErrorMessage(status(s))).toBe(message)
  })

  it('an unexpected shape says so', () => {
    const error = (() => {
      try {
        recordingsIn({ recordings: [] })
      } catch (e) {
        return e
      }
    })()
    expect(listErrorMessage(error)).toBe('Unexpected response format from server')
  })

  it('network failures and unknown errors get the generic message', () => {
    expect(listErrorMessage(networkError(new TypeError('fetch failed')))).toBe(
      'Failed to load recordings. Please try again.',
    )
    expect(listErrorMessage(new Error('boom'))).toBe('Failed to load recordings. Please try again.')
  })

  it('a failed search has its own message', () => {
    expect(searchErrorMessage()).toBe('Search failed. Please try again.')
  })
})
