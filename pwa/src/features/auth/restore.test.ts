import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { setSessionMarker } from '@/mocks/mockAuthState'
import { adoptProfile } from '@/data/profile'
import { alice } from '@/test/render'
import { restoreSession, startRestoreEarly, takeRestore } from './restore'

describe('restoreSession', () => {
  it('with no network (navigator.onLine false) makes no refresh call and continues with the cached profile', async () => {
    let refreshes = 0
    server.use(
      http.post('/api/v1/auth/refresh', () => {
        refreshes++
        return HttpResponse.json({ success: false }, { status: 401 })
      }),
    )
    setSessionMarker(true)
    await adoptProfile(alice)
    expect(await restoreSession(() => false)).toEqual({ user: alice, idToken: null })
    expect(refreshes).toBe(0)
  })

  it('a refresh that fails on the network falls back to the cached profile', async () => {
    server.use(http.post('/api/v1/auth/refresh', () => HttpResponse.error()))
    setSessionMarker(true)
    await adoptProfile(alice)
    expect(await restoreSession(() => true)).toEqual({ user: alice, idToken: null })
  })

  it('a restore started before the first render is the one the provider takes, once', async () => {
    let refreshes = 0
    server.use(
      http.post('/api/v1/auth/refresh', () => {
        refreshes++
        return HttpResponse.error()
      }),
    )
    setSessionMarker(true)
    await adoptProfile(alice)
    startRestoreEarly()
    expect(await takeRestore()).toEqual({ user: alice, idToken: null })
    expect(refreshes).toBe(1)
    await takeRestore() // a later provider (a test's next mount) restores afresh
    expect(refreshes).toBe(2)
  })
})
