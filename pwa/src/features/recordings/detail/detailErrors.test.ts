import { describe, expect, it } from 'vitest'
import { ApiError } from '@/data/api/errors'
import { detailErrorScreen, isDefinitiveDetailError } from './detailErrors'

const failed = (status: number, code = 'X') => new ApiError({ status, code, message: 'Failed to load recording' })

describe('detail load-error screens by status (spec §2, §4)', () => {
  it.each([
    [404, 'Recording Not Found', 'This recording may have been deleted or you do not have access to it.'],
    [403, 'Access Denied', 'You do not have permission to view this recording.'],
    [401, 'Authentication Required', 'Please sign in to view this recording.'],
    [500, 'Error Loading Recording', 'Failed to load recording'],
    [502, 'Error Loading Recording', 'Failed to load recording'],
    [429, 'Error Loading Recording', 'Failed to load recording'],
  ])('%i → %s', (status, title, message) => {
    expect(detailErrorScreen(failed(status))).toMatchObject({ title, message })
  })

  it('a response without a recording is No Data', () => {
    expect(detailErrorScreen(failed(200, 'NO_DATA'))).toEqual({
      title: 'No Data',
      message: 'Unable to load recording data.',
      retry: true,
    })
  })

  it('only the generic and No Data screens offer Retry', () => {
    expect([404, 403, 401, 500].map((s) => detailErrorScreen(failed(s)).retry)).toEqual([false, false, false, true])
  })

  it('missing, forbidden and unauthorised outrank the copy on the device; server and network errors do not', () => {
    expect([401, 403, 404, 500, 503].map((s) => isDefinitiveDetailError(failed(s)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
    expect(isDefinitiveDetailError(failed(200, 'NO_DATA'))).toBe(true)
  })
})
