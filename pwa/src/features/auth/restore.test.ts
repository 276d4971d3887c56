import { beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { setSessionMarker } from '@/mocks/mockAuthState'
import { adoptProfile } from '@/data/profile'
import { alice } from '@/test/render'
import { restoreSession, startRestoreEarly, takeRestore } from './restore'

/** A returning user (the marker set; the profile is cached before each test) whose refresh calls answer `answer`; counts them. */
function countRefreshes(answer: () => Response) {
  const refreshes = { count: 0 }
  server.use(
    http.post('/api/v1/auth/refresh', () => {
      refreshes.count++
      return answer()
    }),
  )
  setSessionMarker(true)
  return refreshes
}

beforeEach(() => adoptProfile(alice))

describe('restoreSession', () => {
  it('with no network (navigator.onLine false) makes no refresh call and continues with the cached profile', async () => {
    const refreshes = countRefreshes(() => HttpResponse.json({ success: false }, { status: 401 }))
    expect(await restoreSession(() => false)).toEqual({ user: alice, idToken: null })
    expect(refreshes.count).toBe(0)
  })

  it('a refresh that fails on the network falls back to the cached profile', async () => {
    countRefreshes(() => HttpResponse.error())
    expect(await restoreSession(() => true)).toEqual({ user: alice, idToken: null })
  })

  it('hands the new token to afterRefresh as soon as the refresh answers', async () => {
    countRefreshes(() => HttpResponse.json({ idToken: 'tok-new', expiresIn: 3600, user: alice }))
    const tokens: string[] = []
    const restored = restoreSession(
      () => true,
      (token) => tokens.push(token),
    )
    expect(tokens).toEqual([]) // not before the refresh answered
    expect(await restored).toEqual({ user: alice, idToken: 'tok-new' })
    expect(tokens).toEqual(['tok-new'])
  })

  it('a refused refresh hands out no token', async () => {
    countRefreshes(() => HttpResponse.json({ success: false }, { status: 401 }))
    const tokens: string[] = []
    expect(
      await restoreSession(
        () => true,
        (token) => tokens.push(token),
      ),
    ).toBeNull()
    expect(tokens).toEqual([])
  })

  it('a restore started before the first render is the one the provider takes, once', async () => {
    const refreshes = countRefreshes(() => HttpResponse.error())
    startRestoreEarly()
    expect(await takeRestore()).toEqual({ user: alice, idToken: null })
    expect(refreshes.count).toBe(1)
    await takeRestore() // a later provider (a test's next mount) restores afresh
    expect(refreshes.count).toBe(2)
  })
})
