import { beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { resetChatMocks } from '@/mocks/handlers/chat'
import { session as auth } from './session'
import { fetchChatHistory, readCachedChat, sendChatMessage } from './chat'
import { signInOnServer, alice } from '@/test/render'
import { idTokenFor } from '@/mocks/mockAuthState'

const REC = 'rec_02_one_on_one_leo'

beforeEach(() => resetChatMocks())

async function signIn() {
  await signInOnServer(alice)
  auth.setIdToken(idTokenFor(alice))
}

describe('chat data layer', () => {
  it('owner: loads session and messages and keeps them on the device', async () => {
    await signIn()
    await sendChatMessage({ recordingId: REC, message: 'What was decided?', sessionId: null })
    const history = await fetchChatHistory({ recordingId: REC })
    expect(history.offline).toBe(false)
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect((await readCachedChat({ recordingId: REC }))?.messages).toHaveLength(2)
    // A share link's conversation is a different scope on the device.
    expect(await readCachedChat({ recordingId: REC, shareToken: 'tok' })).toBeNull()
  })

  it('owner: a failed session fetch is raised', async () => {
    server.use(
      http.get('/api/v1/chat/session/:id', () => HttpResponse.json({ success: false, message: 'no' }, { status: 404 })),
    )
    await signIn()
    await expect(fetchChatHistory({ recordingId: REC })).rejects.toMatchObject({ status: 404 })
  })

  it('offline: answers the copy on the device', async () => {
    await signIn()
    await sendChatMessage({ recordingId: REC, message: 'Hello?', sessionId: null })
    server.use(http.get('/api/v1/chat/session/:id', () => HttpResponse.error()))
    const history = await fetchChatHistory({ recordingId: REC })
    expect(history.offline).toBe(true)
    expect(history.messages[0]!.content).toBe('Hello?')
  })

  it('visitor: a failed session fetch gives a local shared session and no messages', async () => {
    server.use(
      http.get('/api/v1/chat/session/:id/shared', () => HttpResponse.json({ success: false }, { status: 500 })),
    )
    const history = await fetchChatHistory({ recordingId: REC, shareToken: 'tok' })
    expect(history.session).toMatchObject({ local: true, shared: true, shareToken: 'tok' })
    expect(history.messages).toEqual([])
  })

  it('visitor: a failed messages fetch gives an empty list', async () => {
    server.use(
      http.get('/api/v1/chat/session/:id/messages/shared', () =>
        HttpResponse.json({ success: false }, { status: 401 }),
      ),
    )
    const history = await fetchChatHistory({ recordingId: REC, shareToken: 'tok' })
    expect(history.session.local).toBe(false)
    expect(history.messages).toEqual([])
  })

  it('visitor: this browser’s own conversation key goes with every shared call, the same each time', async () => {
    const keys: (string | null)[] = []
    server.use(
      http.get('/api/v1/chat/session/:id/shared', ({ request }) => {
        keys.push(new URL(request.url).searchParams.get('visitor'))
        return undefined
      }),
      http.get('/api/v1/chat/session/:id/messages/shared', ({ request }) => {
        keys.push(new URL(request.url).searchParams.get('visitor'))
        return undefined
      }),
    )
    await fetchChatHistory({ recordingId: REC, shareToken: 'tok' })
    await fetchChatHistory({ recordingId: REC, shareToken: 'tok' })
    expect(keys).toHaveLength(4)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(keys).size).toBe(1)
  })

  it('visitor: sends the share token, language en and no bearer token', async () => {
    auth.setIdToken('signed-in-too')
    let seen: { auth: string | null; body: unknown } | null = null
    server.use(
      http.post('/api/v1/chat/message/shared', async ({ request }) => {
        seen = { auth: request.headers.get('Authorization'), body: await request.clone().json() }
        return undefined
      }),
    )
    const res = await sendChatMessage({ recordingId: REC, message: 'Hi', sessionId: null, shareToken: 'tok' })
    expect(seen).toEqual({
      auth: null,
      body: {
        recordingId: REC,
        message: 'Hi',
        sessionId: null,
        language: 'en',
        shareToken: 'tok',
        visitorId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
    })
    expect(res.session).toMatchObject({ shared: true, shareToken: 'tok' })
  })

  it.each([
    [503, 'AI_UNAVAILABLE'],
    [429, 'RATE_LIMITED'],
  ])('a send answered %i fails with the server code', async (status, code) => {
    await signIn()
    server.use(
      http.post('/api/v1/chat/message', () => HttpResponse.json({ success: false, message: 'x', code }, { status })),
    )
    await expect(sendChatMessage({ recordingId: REC, message: 'Hi', sessionId: null })).rejects.toMatchObject({
      status,
      code,
    })
  })
})
