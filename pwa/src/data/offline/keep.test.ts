import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { transactionScopes } from '@/test/transactionScopes'
import { readCachedChat, type FetchedChat } from '../chat'
import { db } from '../db'
import { readCachedDetail } from '../detail'
import { toStored } from '../storedRecording'
import { enqueue } from '../sync'
import { markOpened } from './evict'
import { fetchKept, storeKept, type KeptRecording } from './keep'

const kept = (id: string, title: string, messages = 0): KeptRecording => {
  const session = { id: `s-${id}`, recordingId: id, shared: false, local: false, shareToken: null }
  const chat: FetchedChat = {
    target: { recordingId: id },
    session,
    messages: Array.from({ length: messages }, (_, i) => ({
      id: `${id}-m${i}`,
      sessionId: session.id,
      role: 'user' as const,
      content: `Question ${i}`,
      error: null,
      sources: [],
      createdAt: `2026-03-01T10:0${i}:00Z`,
    })),
  }
  return { detail: { id, fetchedAt: 1, data: { recording: { id, title } } }, chat }
}

const title = async (id: string) =>
  ((await readCachedDetail(db, id))?.data as { recording: { title: string } } | undefined)?.recording.title

describe('storeKept', () => {
  it('stores a batch of details and chats in one transaction, readable offline', async () => {
    const scopes = await transactionScopes(db, () =>
      storeKept([kept('r1', 'One', 2), kept('r2', 'Two'), kept('r3', 'Three', 1)]),
    )
    // One transaction, and the list's table is not in it: the list's reads never wait for the library.
    expect(scopes).toEqual([['details', 'outbox', 'syncBase', 'chatSessions', 'chatMessages']])
    expect(await Promise.all(['r1', 'r2', 'r3'].map(title))).toEqual(['One', 'Two', 'Three'])
    const chat = await readCachedChat({ recordingId: 'r1' })
    expect(chat?.messages.map((m) => m.content)).toEqual(['Question 0', 'Question 1'])
    expect(await readCachedChat({ recordingId: 'r2' })).toMatchObject({ session: { id: 's-r2' }, messages: [] })
  })

  it('keeps the mark of a recording opened here, and lays a queued rename over its new copy', async () => {
    await db.recordings.bulkPut([toStored({ id: 'r1', title: 'Old' }), toStored({ id: 'r2', title: 'Old' })])
    await storeKept([kept('r1', 'Old'), kept('r2', 'Old')])
    await markOpened(db, 'r1', 42)
    await enqueue({ op: { case: 'updateRecording', value: { id: 'r2', title: 'Mine' } } })

    await storeKept([kept('r1', 'From the server'), kept('r2', 'From the server')])
    expect((await db.details.get('r1'))?.openedAt).toBe(42)
    expect(await title('r1')).toBe('From the server')
    // The rename waits to be sent: the device shows it over the server's copy.
    expect(await title('r2')).toBe('Mine')
    expect((await db.recordings.get('r2'))?.data.title).toBe('Mine')
  })

  it('keeps no row for a local placeholder conversation, which the server does not hold', async () => {
    const placeholder = kept('r1', 'One')
    placeholder.chat.session = { ...placeholder.chat.session, local: true }
    await storeKept([placeholder])
    expect(await db.chatSessions.count()).toBe(0)
    expect(await title('r1')).toBe('One')
  })
})

describe('fetchKept', () => {
  it('fetches the detail and the chat, asking for messages only when the session has any; stores nothing', async () => {
    const asked: string[] = []
    server.use(
      http.get('/api/v1/recordings/:id', ({ params }) => {
        asked.push(`detail ${String(params.id)}`)
        return HttpResponse.json({ recording: { id: params.id, title: 'T' }, summarizations: {} })
      }),
      http.get('/api/v1/chat/session/:id', ({ params }) => {
        asked.push(`session ${String(params.id)}`)
        const lastMessageAt = params.id === 'asked' ? '2026-03-01T10:00:00Z' : null
        return HttpResponse.json({
          success: true,
          data: { id: `s-${String(params.id)}`, recordingId: params.id, lastMessageAt },
        })
      }),
      http.get('/api/v1/chat/session/:id/messages', ({ params }) => {
        asked.push(`messages ${String(params.id)}`)
        return HttpResponse.json({
          success: true,
          data: [{ id: 'm1', role: 'user', content: 'Why?', createdAt: '2026-03-01T10:00:00Z' }],
        })
      }),
    )
    const quiet = await fetchKept('quiet', new AbortController().signal)
    const chatted = await fetchKept('asked', new AbortController().signal)
    expect(asked).toEqual(['detail quiet', 'session quiet', 'detail asked', 'session asked', 'messages s-asked'])
    expect(quiet.chat.messages).toEqual([])
    expect(chatted.chat.messages.map((m) => m.content)).toEqual(['Why?'])
    expect(quiet.detail).toMatchObject({ id: 'quiet', data: { recording: { title: 'T' } } })
    expect(await db.details.count()).toBe(0)
  })
})
