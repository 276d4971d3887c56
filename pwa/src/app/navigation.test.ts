import { describe, expect, it, vi } from 'vitest'
import { replacingSamePage } from './navigation'

describe('replacingSamePage', () => {
  const navigateFrom = (current: string, to: string, options?: { replace?: boolean; state?: unknown }) => {
    const navigate = vi.fn()
    replacingSamePage(() => current)(navigate, to, options)
    return navigate.mock.calls[0]
  }

  it('replaces the entry when the link names the page already shown', () => {
    expect(navigateFrom('/recordings', '/recordings')).toEqual(['/recordings', { replace: true }])
    expect(navigateFrom('/recordings?folder=work', '/recordings?folder=work', { state: 1 })).toEqual([
      '/recordings?folder=work',
      { state: 1, replace: true },
    ])
  })

  it('adds an entry for any other page, and keeps what the caller asked', () => {
    expect(navigateFrom('/recordings', '/recordings?folder=work')).toEqual(['/recordings?folder=work', undefined])
    expect(navigateFrom('/recordings', '/recordings/rec_1')).toEqual(['/recordings/rec_1', undefined])
    expect(navigateFrom('/login', '/recordings', { replace: true })).toEqual(['/recordings', { replace: true }])
  })
})
