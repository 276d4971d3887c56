import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/data/api/errors'
import { shareErrorScreen } from './shareErrors'

describe('share error screens by status (spec §2, §4)', () => {
  it.each([
    [410, 'Share Link Expired', 'This share link has expired and is no longer valid.'],
    [404, 'Recording Not Found', 'This recording may have been deleted or the share link may be invalid.'],
    [401, 'Invalid Share Link', 'This share link is invalid or has been revoked.'],
  ])('%i → %s', (status, title, message) => {
    expect(shareErrorScreen(ApiError.fromResponse(status, { message: 'server' }))).toEqual({
      title,
      message,
      retry: false,
    })
  })

  it('without a token: No share token provided', () => {
    const error = new ApiError({ status: 400, code: 'NO_SHARE_TOKEN', message: 'No share token provided' })
    expect(shareErrorScreen(error).message).toBe('No share token provided')
  })

  it('a network failure shows the spec text and offers Retry', () => {
    const error = new ApiError({ status: 500, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE })
    expect(shareErrorScreen(error)).toEqual({
      title: 'Error Loading Recording',
      message: NETWORK_ERROR_MESSAGE,
      retry: true,
    })
  })
})
