import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { customTokenFor, idTokenFor, mockAuth, setSessionMarker } from '@/mocks/mockAuthState'
import { createQueryClient } from '@/data/queryClient'
import { db } from '@/data/db'
import { adoptProfile, loadProfile } from '@/data/profile'
import { session } from '@/data/session'
import { ToastProvider } from '@/ui/toast/ToastProvider'
import { QueryClientProvider } from '@tanstack/react-query'
import { alice } from '@/test/render'
import { AuthProvider } from './AuthProvider'
import { useAuth, type AuthContextValue } from './AuthContext'
import { TOKEN_REFRESH_INTERVAL_MS } from './useTokenRefresh'

let auth: AuthContextValue

function Probe() {
  // eslint-disable-next-line react-hooks/globals -- the probe hands the hook's value to the test
  auth = useAuth()
  return (
    <p>
      {auth.loading ? 'loading' : auth.user ? `user:${auth.user.uid} token:${auth.idToken ?? 'none'}` : 'signed out'}
    </p>
  )
}

function mount() {
  const queryClient = createQueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>,
  )
  return queryClient
}

const refreshFails = (status: number) =>
  server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.json({ success: false }, { status })))

describe('AuthProvider: start-up', () => {
  it('is loading first, then restores the session through the refresh cookie', async () => {
    mockAuth.setSession(alice)
    mount()
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByText(`user:uid-alice token:${idTokenFor(alice)}`)).toBeInTheDocument()
    expect(session.getIdToken()).toBe(idTokenFor(alice))
    expect(await loadProfile()).toEqual(alice) // kept for offline reloads
  })

  it('without the session marker cookie, loading ends signed out and the server is never asked', async () => {
    let refreshes = 0
    server.use(
      http.post('/api/v1/auth/refresh', () => {
        refreshes++
        return HttpResponse.json({ success: false }, { status: 401 })
      }),
    )
    mount()
    expect(await screen.findByText('signed out')).toBeInTheDocument()
    expect(refreshes).toBe(0)
  })

  it('a 401 forgets the cached profile', async () => {
    await db.meta.put({ key: 'auth.profile', value: alice })
    setSessionMarker(true)
    mount()
    expect(await screen.findByText('signed out')).toBeInTheDocument()
    expect(await loadProfile()).toBeNull()
  })

  it('offline, a cached profile keeps the user signed in (no token)', async () => {
    await db.meta.put({ key: 'auth.profile', value: alice })
    setSessionMarker(true)
    server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.error()))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    mount()
    expect(await screen.findByText('user:uid-alice token:none')).toBeInTheDocument()
  })

  it('a server error with a cached profile also keeps the user in', async () => {
    await db.meta.put({ key: 'auth.profile', value: alice })
    setSessionMarker(true)
    refreshFails(503)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    mount()
    expect(await screen.findByText('user:uid-alice token:none')).toBeInTheDocument()
  })

  it('an error with nothing cached still ends loading, signed out, and is logged', async () => {
    setSessionMarker(true)
    server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.error()))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    mount()
    expect(await screen.findByText('signed out')).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('Restoring the session failed', expect.anything())
  })
})

describe('AuthProvider: actions', () => {
  it('loginWithCustomToken exchanges the token and signs in', async () => {
    mount()
    await screen.findByText('signed out')
    let user: unknown
    await act(async () => {
      user = await auth.loginWithCustomToken(customTokenFor('bob@example.com'))
    })
    expect(user).toMatchObject({ uid: 'uid-bob', email: 'bob@example.com' })
    expect(screen.getByText(/^user:uid-bob token:mock-id-token/)).toBeInTheDocument()
  })

  it('a failed loginWithCustomToken clears user and token, logs and rethrows', async () => {
    mockAuth.setSession(alice)
    mount()
    await screen.findByText(/^user:uid-alice/)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(async () => {
      await expect(auth.loginWithCustomToken('garbage')).rejects.toMatchObject({ status: 401 })
    })
    expect(screen.getByText('signed out')).toBeInTheDocument()
    expect(session.getIdToken()).toBeNull()
    expect(logged).toHaveBeenCalled()
  })

  it('a different account signing in wipes the previous account’s data, even after a lapsed session', async () => {
    await adoptProfile(alice)
    await db.recordings.put({ id: 'r1', sortKey: '2025', data: { id: 'r1' } })
    mount()
    await screen.findByText('signed out')
    await act(async () => {
      await auth.loginWithCustomToken(customTokenFor('bob@example.com'))
    })
    expect(await db.recordings.count()).toBe(0)
  })

  it('the same account signing in again keeps its cached library', async () => {
    await adoptProfile(alice)
    await db.recordings.put({ id: 'r1', sortKey: '2025', data: { id: 'r1' } })
    mount()
    await screen.findByText('signed out') // the session lapsed: profile forgotten, data kept
    await act(async () => {
      await auth.loginWithCustomToken(customTokenFor('alice@example.com'))
    })
    expect(await db.recordings.count()).toBe(1)
  })

  it('logout revokes, clears IndexedDB, userData, the query cache, user and token', async () => {
    mockAuth.setSession(alice)
    localStorage.setItem('userData', JSON.stringify({ displayName: 'Alice', email: alice.email }))
    const queryClient = mount()
    await screen.findByText(/^user:uid-alice/)
    await db.recordings.put({ id: 'r1', sortKey: '2025', data: { id: 'r1' } })
    queryClient.setQueryData(['recordings', 'x'], 1)
    await act(() => auth.logout())
    expect(screen.getByText('signed out')).toBeInTheDocument()
    expect(mockAuth.session()).toBeNull()
    expect(await db.recordings.count()).toBe(0)
    expect(await loadProfile()).toBeNull()
    expect(localStorage.getItem('userData')).toBeNull()
    expect(queryClient.getQueryData(['recordings', 'x'])).toBeUndefined()
    expect(session.getIdToken()).toBeNull()
  })

  it('logout with no network still signs the device out, and rethrows', async () => {
    mockAuth.setSession(alice)
    mount()
    await screen.findByText(/^user:uid-alice/)
    server.use(http.post('/api/v1/auth/logout', () => HttpResponse.error()))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(async () => {
      await expect(auth.logout()).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    })
    expect(screen.getByText('signed out')).toBeInTheDocument()
  })
})

describe('AuthProvider: background refresh', () => {
  it('refreshes the ID token every 50 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    mockAuth.setSession(alice)
    let refreshes = 0
    server.use(
      http.post('/api/v1/auth/refresh', () => {
        refreshes++
        return HttpResponse.json({ idToken: `tok-${refreshes}`, expiresIn: 3600, user: alice })
      }),
    )
    mount()
    await screen.findByText('user:uid-alice token:tok-1')
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1))
    expect(refreshes).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(1))
    await screen.findByText('user:uid-alice token:tok-2')
    expect(session.getIdToken()).toBe('tok-2')
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(50 * 60 * 1000)
  })

  it('a failed background refresh is only logged: the user stays signed in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    mockAuth.setSession(alice)
    mount()
    await screen.findByText(/^user:uid-alice/)
    refreshFails(500)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS))
    await waitFor(() => expect(logged).toHaveBeenCalledWith('ID token refresh failed', expect.anything()))
    expect(screen.getByText(`user:uid-alice token:${idTokenFor(alice)}`)).toBeInTheDocument()
  })

  it('back online after an offline start, it fetches a token', async () => {
    await db.meta.put({ key: 'auth.profile', value: alice })
    setSessionMarker(true)
    server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.error()))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    mount()
    await screen.findByText('user:uid-alice token:none')
    server.resetHandlers()
    mockAuth.setSession(alice)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText(`user:uid-alice token:${idTokenFor(alice)}`)).toBeInTheDocument()
  })
})
