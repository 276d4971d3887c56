import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from './session'
import { fetchSharedRecording } from './share'
import { unlockSharedRecording } from './shareUnlock'
import { createShareLink, listShareLinks, revokeShareLink } from './shareLinks'

const VIEW = '/api/v1/share/shared/recording'
const shared = {
  success: true,
  data: {
    recording: { id: 'r1', title: 'Roadmap', speakers: {} },
    owner: { displayName: 'Demo User', email: 'demo@example.com', photoURL: '' },
    summarization: { v2Summary: '## A\\ntext' },
    transcription: { segments: [] },
  },
}

describe('shared view (chat/share client)', () => {
  it('sends the token and no bearer token, even when signed in', async () => {
    session.setIdToken('signed-in')
    let seen: { token: string | null; auth: string | null } | null = null
    server.use(
      http.get(VIEW, ({ request }) => {
        seen = { token: new URL(request.url).searchParams.get('token'), auth: request.headers.get('Authorization') }
        return HttpResponse.json(shared)
      }),
    )
    const { view, allowDownload } = await fetchSharedRecording('tok')
    expect(seen).toEqual({ token: 'tok', auth: null })
    expect(view).toMatchObject({ id: 'r1', header: { title: 'Roadmap', sharedFrom: 'Demo User' } })
    expect(allowDownload).toBe(false)
  })

  it('reads whether the link allows the audio as a download', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json({ ...shared, data: { ...shared.data, allowDownload: true } })))
    expect((await fetchSharedRecording('tok')).allowDownload).toBe(true)
  })

  it('a protected link is a 401 PASSWORD_REQUIRED the page can tell apart', async () => {
    server.use(
      http.get(VIEW, () =>
        HttpResponse.json({ success: false, message: 'protected', code: 'PASSWORD_REQUIRED' }, { status: 401 }),
      ),
    )
    await expect(fetchSharedRecording('tok')).rejects.toMatchObject({ status: 401, code: 'PASSWORD_REQUIRED' })
  })

  it('unlock sends the password; wrong and too many come back with their code and message', async () => {
    const bodies: unknown[] = []
    let answer = 0
    server.use(
      http.post('/api/v1/share/tok/unlock', async ({ request }) => {
        bodies.push(await request.json())
        answer++
        if (answer === 1) return HttpResponse.json({ success: true, message: 'Share link unlocked' })
        if (answer === 2)
          return HttpResponse.json({ success: false, message: 'wrong', code: 'WRONG_PASSWORD' }, { status: 401 })
        return HttpResponse.json(
          {
            success: false,
            message: 'Too many wrong passwords. Please try again in 3 minutes.',
            code: 'TOO_MANY_ATTEMPTS',
          },
          { status: 429, headers: { 'Retry-After': '180' } },
        )
      }),
    )
    await expect(unlockSharedRecording('tok', 'right')).resolves.toBeUndefined()
    await expect(unlockSharedRecording('tok', 'wrong')).rejects.toMatchObject({ status: 401, code: 'WRONG_PASSWORD' })
    await expect(unlockSharedRecording('tok', 'again')).rejects.toMatchObject({
      status: 429,
      serverMessage: 'Too many wrong passwords. Please try again in 3 minutes.',
    })
    expect(bodies).toEqual([{ password: 'right' }, { password: 'wrong' }, { password: 'again' }])
  })

  it.each([401, 404, 410])('returns status %i as an error the screen can map', async (status) => {
    server.use(http.get(VIEW, () => HttpResponse.json({ success: false, message: 'x' }, { status })))
    await expect(fetchSharedRecording('tok')).rejects.toMatchObject({ status })
  })

  it('a network failure is status 500, NETWORK_ERROR, with the spec text', async () => {
    server.use(http.get(VIEW, () => HttpResponse.error()))
    await expect(fetchSharedRecording('tok')).rejects.toMatchObject({
      status: 500,
      code: 'NETWORK_ERROR',
      message: 'Network error. Please check your connection and try again.',
    })
  })

  it('no token: "No share token provided", status 400, nothing sent', async () => {
    await expect(fetchSharedRecording('  ')).rejects.toMatchObject({ status: 400, message: 'No share token provided' })
  })
})

describe('share links (owner)', () => {
  it('creates with an expiry or none, lists and revokes', async () => {
    const bodies: unknown[] = []
    const link = {
      token: 't1',
      url: 'http://x.test/shared/recording?token=t1',
      recordingId: 'r1',
      createdAt: '2026-01-01T00:00:00Z',
      expiresAt: null,
    }
    server.use(
      http.post('/api/v1/recordings/r1/share', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(link, { status: 201 })
      }),
      http.get('/api/v1/recordings/r1/shares', () =>
        HttpResponse.json({ success: true, data: [{ ...link, revokedAt: '2026-01-02T00:00:00Z' }, { nope: true }] }),
      ),
      http.get('/api/v1/recordings/r2/shares', () =>
        HttpResponse.json({
          success: true,
          data: [{ ...link, protected: true, allowDownload: false, views: 7, lastViewedAt: '2026-01-03T00:00:00Z' }],
        }),
      ),
      http.delete('/api/v1/share/t1', () => HttpResponse.json({ success: true })),
    )
    expect(await createShareLink('r1', { expiresIn: 3600 })).toMatchObject({
      id: 't1',
      url: 'http://x.test/shared/recording?token=t1',
      expiresAt: null,
    })
    await createShareLink('r1')
    await createShareLink('r1', { password: 'pw12', allowDownload: false })
    await createShareLink('r1', { password: '' })
    expect(bodies).toEqual([{ expiresIn: 3600 }, {}, { password: 'pw12', allowDownload: false }, {}])
    const links = await listShareLinks('r1')
    expect(links).toHaveLength(1)
    expect(links[0]?.revokedAt).toBe(Date.parse('2026-01-02T00:00:00Z'))
    expect(links[0]).toMatchObject({ protected: false, allowDownload: true, views: 0, lastViewedAt: null })
    await expect(revokeShareLink('t1')).resolves.toBeUndefined()
    expect((await listShareLinks('r2'))[0]).toMatchObject({
      protected: true,
      allowDownload: false,
      views: 7,
      lastViewedAt: Date.parse('2026-01-03T00:00:00Z'),
    })
  })
})
