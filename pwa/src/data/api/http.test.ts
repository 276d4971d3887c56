import { describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from '../session'
import { apiRequest, chatRequest, startEarlyGet } from './http'
import { NETWORK_ERROR_MESSAGE } from './errors'
import { ApiError } from './errors'

const URL_ = '/api/v1/thing'

function respondWith(status: number, body: unknown = { success: status < 400, message: `status ${status}` }) {
  server.use(
    http.all(URL_, () => (body === null ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status }))),
  )
}

describe('apiRequest (the product client)', () => {
  it.each([200, 201, 204, 299])('accepts %i', async (status) => {
    respondWith(status, status === 204 ? null : { ok: status })
    await expect(apiRequest(URL_)).resolves.toEqual(status === 204 ? null : { ok: status })
  })

  it.each([300, 400, 404, 410, 429, 500, 503])(
    'rejects %i with an ApiError carrying the server message',
    async (status) => {
      respondWith(status, { success: false, message: 'Nope', code: 'NOPE' })
      const error = await apiRequest(URL_).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ status, code: 'NOPE', message: 'Nope', serverMessage: 'Nope' })
    },
  )

  it('falls back to a generic message when the body has none', async () => {
    respondWith(502, null)
    await expect(apiRequest(URL_)).rejects.toMatchObject({
      status: 502,
      code: 'ERR_BAD_RESPONSE',
      serverMessage: undefined,
      message: 'Request failed with status code 502',
    })
  })

  it('sends the session bearer token, and none when auth is off', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get(URL_, ({ request }) => (seen.push(request.headers.get('Authorization')), HttpResponse.json({}))),
    )
    session.setIdToken('tok-1')
    await apiRequest(URL_)
    await apiRequest(URL_, { auth: false })
    expect(seen).toEqual(['Bearer tok-1', null])
  })

  it('serialises JSON bodies and query parameters, skipping empty ones', async () => {
    let url = ''
    let body: unknown
    server.use(
      http.post(URL_, async ({ request }) => {
        url = request.url
        body = await request.json()
        return HttpResponse.json({})
      }),
    )
    await apiRequest(URL_, { method: 'POST', body: { a: 1 }, query: { limit: 20, cursor: undefined, q: '' } })
    expect(new URL(url).search).toBe('?limit=20')
    expect(body).toEqual({ a: 1 })
  })

  it('maps a network failure to NETWORK_ERROR with status 0', async () => {
    server.use(http.get(URL_, () => HttpResponse.error()))
    await expect(apiRequest(URL_)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
  })

  it('after a 401 refreshes the token once and retries', async () => {
    let calls = 0
    server.use(
      http.get(URL_, ({ request }) => {
        calls++
        return request.headers.get('Authorization') === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 })
      }),
    )
    session.setIdToken('stale')
    session.setRefresher(async () => {
      session.setIdToken('fresh')
      return 'fresh'
    })
    await expect(apiRequest(URL_)).resolves.toEqual({ ok: true })
    expect(calls).toBe(2)
  })

  it('signed in without a token (restored offline), refreshes before sending instead of being refused first', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get(URL_, ({ request }) => {
        const auth = request.headers.get('Authorization')
        seen.push(auth)
        return auth === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'no token' }, { status: 401 })
      }),
    )
    session.setIdToken(null)
    let refreshes = 0
    session.setRefresher(async () => {
      refreshes++
      session.setIdToken('fresh')
      return 'fresh'
    })
    await expect(apiRequest(URL_)).resolves.toEqual({ ok: true })
    expect(seen).toEqual(['Bearer fresh'])
    expect(refreshes).toBe(1)
  })

  it('signed in without a token and the refresh fails: one refresh, one request, the 401 stands', async () => {
    let calls = 0
    server.use(http.get(URL_, () => (calls++, HttpResponse.json({ message: 'expired' }, { status: 401 }))))
    session.setIdToken(null)
    let refreshes = 0
    session.setRefresher(() => (refreshes++, Promise.reject(new Error('no cookie'))))
    await expect(apiRequest(URL_)).rejects.toMatchObject({ status: 401 })
    expect({ calls, refreshes }).toEqual({ calls: 1, refreshes: 1 })
  })

  it('gives up after a 401 when the refresh fails', async () => {
    respondWith(401, { message: 'expired' })
    session.setRefresher(() => Promise.reject(new Error('no cookie')))
    await expect(apiRequest(URL_)).rejects.toMatchObject({ status: 401 })
  })
})

describe('startEarlyGet (a cold start asks before the screen does)', () => {
  /** Counts the GETs of URL_ and answers each with its number and the token it carried. */
  function countingServer(): { gets: () => number } {
    let n = 0
    server.use(
      http.get(URL_, ({ request }) =>
        HttpResponse.json({ n: ++n, auth: request.headers.get('Authorization'), search: new URL(request.url).search }),
      ),
    )
    return { gets: () => n }
  }

  it("the screen's request takes the early answer: one request, with the token it was started with", async () => {
    const server_ = countingServer()
    startEarlyGet(URL_, { limit: 20 }, 'tok-early')
    session.setIdToken('tok-early')
    await expect(apiRequest(URL_, { query: { limit: 20, cursor: undefined } })).resolves.toMatchObject({
      n: 1,
      auth: 'Bearer tok-early',
    })
    expect(server_.gets()).toBe(1)
    // Once only: the next request asks the server.
    await expect(apiRequest(URL_, { query: { limit: 20 } })).resolves.toMatchObject({ n: 2, auth: 'Bearer tok-early' })
  })

  it('is not used for another URL, another token, another method, or once 10 s old', async () => {
    const server_ = countingServer()
    session.setIdToken('tok-now')
    startEarlyGet(URL_, { limit: 20 }, 'tok-now')
    await expect(apiRequest(URL_, { query: { limit: 50 } })).resolves.toMatchObject({ search: '?limit=50' })

    startEarlyGet(URL_, {}, 'tok-other-account')
    await expect(apiRequest(URL_)).resolves.toMatchObject({ auth: 'Bearer tok-now' })

    startEarlyGet(URL_, {}, 'tok-now')
    server.use(http.post(URL_, () => HttpResponse.json({ posted: true })))
    await expect(apiRequest(URL_, { method: 'POST', body: {} })).resolves.toEqual({ posted: true })

    const before = server_.gets()
    startEarlyGet(URL_, { q: 'old' }, 'tok-now')
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_001)
    try {
      await apiRequest(URL_, { query: { q: 'old' } })
      expect(server_.gets()).toBe(before + 2) // the early one, unused, and the screen's own
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('a network failure of the early request is forgotten: the screen asks again', async () => {
    let calls = 0
    server.use(http.get(URL_, () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json({ ok: true }))))
    session.setIdToken('tok')
    startEarlyGet(URL_, {}, 'tok')
    await expect(apiRequest(URL_)).resolves.toEqual({ ok: true })
    expect(calls).toBe(2)
  })

  it('an early 401 is refreshed and retried like any other', async () => {
    const seen: (string | null)[] = []
    server.use(
      http.get(URL_, ({ request }) => {
        seen.push(request.headers.get('Authorization'))
        return request.headers.get('Authorization') === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 })
      }),
    )
    session.setIdToken('stale')
    session.setRefresher(async () => (session.setIdToken('fresh'), 'fresh'))
    startEarlyGet(URL_, {}, 'stale')
    await expect(apiRequest(URL_)).resolves.toEqual({ ok: true })
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh'])
  })
})

describe('chatRequest (the chat/share client)', () => {
  it.each([200, 400, 401, 403, 404, 410, 499])('returns status %i with its body', async (status) => {
    respondWith(status, { message: 'body', status })
    await expect(chatRequest(URL_)).resolves.toEqual({ status, data: { message: 'body', status } })
  })

  it('after a 401 refreshes the token once and retries, like the API client', async () => {
    server.use(
      http.get(URL_, ({ request }) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    )
    session.setIdToken('stale')
    session.setRefresher(async () => {
      session.setIdToken('fresh')
      return 'fresh'
    })
    await expect(chatRequest(URL_)).resolves.toEqual({ status: 200, data: { ok: true } })
  })

  it('never refreshes for calls made without sign-in (share-link visitors)', async () => {
    respondWith(401, { message: 'This share link is invalid or has been revoked.' })
    let refreshed = false
    session.setRefresher(async () => {
      refreshed = true
      return 'fresh'
    })
    await expect(chatRequest(URL_, { auth: false })).resolves.toMatchObject({ status: 401 })
    expect(refreshed).toBe(false)
  })

  it.each([500, 502, 503])('throws %i', async (status) => {
    respondWith(status, { message: 'Server exploded' })
    await expect(chatRequest(URL_)).rejects.toMatchObject({ status, message: 'Server exploded' })
  })

  it('turns a network failure into status 500, NETWORK_ERROR (spec §8 Share)', async () => {
    server.use(http.get(URL_, () => HttpResponse.error()))
    await expect(chatRequest(URL_)).rejects.toMatchObject({
      status: 500,
      code: 'NETWORK_ERROR',
      message: NETWORK_ERROR_MESSAGE,
    })
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error. Please check your connection and try again.')
  })
})
