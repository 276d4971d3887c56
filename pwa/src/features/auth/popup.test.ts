import { afterEach, describe, expect, it, vi } from 'vitest'
import { PopupBlockedError, PopupCancelledError, PopupClosedError, ProviderSignInError } from './authErrors'
import { openAuthPopup, POPUP_CLOSE_GRACE_MS, POPUP_POLL_MS } from './popup'

function fakePopup() {
  return { closed: false, focus: vi.fn(), close: vi.fn() }
}

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { origin, data }))
}

afterEach(() => vi.useRealTimers())

describe('auth popup', () => {
  it('opens the provider start page, 500×600, in one named window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window)
    const result = openAuthPopup('apple')
    post({ type: 'pocket-auth', provider: 'apple', token: 'tok' })
    await expect(result).resolves.toBe('tok')
    const [url, name, features] = open.mock.calls[0] ?? []
    expect(url).toBe('/api/v1/auth/apple/start')
    expect(name).toBe('pocket-auth')
    expect(features).toMatch(/^width=500,height=600,left=\d+,top=\d+/)
  })

  it('rejects with PopupBlockedError when the browser returns no window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    await expect(openAuthPopup('google')).rejects.toBeInstanceOf(PopupBlockedError)
  })

  it('ignores messages from other origins, other types and the other provider', async () => {
    vi.useFakeTimers()
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window)
    const settled = vi.fn()
    const result = openAuthPopup('google').then(settled, settled)
    post({ type: 'pocket-auth', provider: 'google', token: 'evil' }, 'https://evil.example')
    post({ type: 'other', provider: 'google', token: 'x' })
    post({ type: 'pocket-auth', provider: 'apple', token: 'x' })
    post('pocket-auth')
    await vi.advanceTimersByTimeAsync(10)
    expect(settled).not.toHaveBeenCalled()
    post({ type: 'pocket-auth', provider: 'google', token: 'good' })
    await result
    expect(settled).toHaveBeenCalledWith('good')
  })

  it('an error posted by the callback rejects with its message', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window)
    const result = openAuthPopup('google')
    post({ type: 'pocket-auth', provider: 'google', error: 'access_denied' })
    await expect(result).rejects.toEqual(new ProviderSignInError('access_denied'))
  })

  it('a popup closed by the user rejects with PopupClosedError after the grace period', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const result = openAuthPopup('google').catch((e: unknown) => e)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS + POPUP_CLOSE_GRACE_MS)
    expect(await result).toBeInstanceOf(PopupClosedError)
  })

  it('a token that arrives just as the popup closes still wins', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const result = openAuthPopup('google')
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS)
    post({ type: 'pocket-auth', provider: 'google', token: 'late-but-fine' })
    await expect(result).resolves.toBe('late-but-fine')
  })

  it('a newer request cancels the earlier pending one', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => fakePopup() as unknown as Window)
    const first = openAuthPopup('google')
    const second = openAuthPopup('apple')
    await expect(first).rejects.toBeInstanceOf(PopupCancelledError)
    post({ type: 'pocket-auth', provider: 'apple', token: 'apple-token' })
    await expect(second).resolves.toBe('apple-token')
  })
})
