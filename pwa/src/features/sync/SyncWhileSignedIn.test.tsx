import { describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { AuthUser } from '@/data/api/auth'
import { AuthContext, type AuthContextValue } from '@/features/auth/AuthContext'
import { SyncWhileSignedIn } from './SyncWhileSignedIn'

const alice: AuthUser = { uid: 'uid-alice', email: 'alice@example.com', displayName: 'Alice', photoURL: null }
const bob: AuthUser = { uid: 'uid-bob', email: 'bob@example.com', displayName: 'Bob', photoURL: null }

function auth(user: AuthUser | null, idToken: string | null): AuthContextValue {
  const never = () => Promise.reject(new Error('not in this test'))
  return {
    user,
    idToken,
    loading: false,
    loginWithCustomToken: never,
    loginWithGoogle: never,
    loginWithApple: never,
    logout: never,
    logoutEverywhere: never,
  }
}

function mount(user: AuthUser | null, token: string | null) {
  const stop = vi.fn()
  const start = vi.fn(() => stop)
  const sendToken = vi.fn<(token: string) => void>()
  const queryClient = new QueryClient()
  const ui = (u: AuthUser | null, t: string | null) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth(u, t)}>
        <SyncWhileSignedIn start={start} sendToken={sendToken} />
      </AuthContext.Provider>
    </QueryClientProvider>
  )
  const view = render(ui(user, token))
  return {
    start,
    stop,
    sendToken,
    queryClient,
    rerender: (u: AuthUser | null, t: string | null) => view.rerender(ui(u, t)),
    unmount: view.unmount,
  }
}

describe('SyncWhileSignedIn', () => {
  it('does not start sync while nobody is signed in', () => {
    const { start } = mount(null, null)
    expect(start).not.toHaveBeenCalled()
  })

  it('starts sync once when signed in, with the app query client, and keeps it across re-renders and token refreshes', () => {
    const { start, stop, queryClient, rerender } = mount(alice, 'token-1')
    expect(start).toHaveBeenCalledTimes(1)
    expect(start).toHaveBeenCalledWith({ queryClient })
    rerender(alice, 'token-1')
    rerender(alice, 'token-2')
    expect(start).toHaveBeenCalledTimes(1)
    expect(stop).not.toHaveBeenCalled()
  })

  it('stops sync on sign-out and on unmount', () => {
    const a = mount(alice, 'token-1')
    a.rerender(null, null)
    expect(a.stop).toHaveBeenCalledTimes(1)
    expect(a.start).toHaveBeenCalledTimes(1)

    const b = mount(alice, 'token-1')
    b.unmount()
    expect(b.stop).toHaveBeenCalledTimes(1)
  })

  it('starts afresh when sync starts for another user', () => {
    const { start, stop, rerender } = mount(alice, 'token-a')
    rerender(bob, 'token-b')
    expect(stop).toHaveBeenCalledTimes(1)
    expect(start).toHaveBeenCalledTimes(2)
  })

  it('hands every refreshed ID token to the live socket', () => {
    const { sendToken, rerender } = mount(alice, 'token-1')
    rerender(alice, 'token-2')
    rerender(alice, 'token-2')
    rerender(alice, 'token-3')
    expect(sendToken.mock.calls.map((c) => c[0])).toEqual(['token-1', 'token-2', 'token-3'])
  })

  it('sends no token once signed out', () => {
    const { sendToken, rerender } = mount(alice, 'token-1')
    sendToken.mockClear()
    rerender(null, null)
    expect(sendToken).not.toHaveBeenCalled()
  })
})
