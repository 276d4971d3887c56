import { describe, expect, it } from 'vitest'
import {
  librarySessionOf,
  localSharedSession,
  normalizeLibrarySessions,
  normalizeMessages,
  normalizeSendResult,
  normalizeSession,
} from './chat'

const session = {
  id: 's1',
  userId: 'u1',
  recordingId: 'r1',
  title: 't',
  lastMessageAt: null,
  metadata: { shared: false, language: 'en' },
}

describe('chat normaliser', () => {
  it('reads a wrapped session; a null userId or metadata.shared marks it shared', () => {
    expect(normalizeSession({ success: true, data: session })).toEqual({
      id: 's1',
      recordingId: 'r1',
      shared: false,
      local: false,
      shareToken: null,
      title: 't',
      empty: true,
    })
    expect(normalizeSession({ ...session, userId: null })?.shared).toBe(true)
    expect(normalizeSession({ data: { ...session, metadata: { shared: 'true', shareToken: 'tok' } } })).toMatchObject({
      shared: true,
      shareToken: 'tok',
    })
    expect(normalizeSession({ data: { title: 'no id' } })).toBeNull()
  })

  it('says a session is empty only when its lastMessageAt is null, not when it is left out', () => {
    expect(normalizeSession({ ...session, lastMessageAt: '2026-03-01T10:00:00Z' })?.empty).toBeUndefined()
    expect(normalizeSession({ id: 's1', recordingId: 'r1' })?.empty).toBeUndefined()
    expect(normalizeSession({ id: 's1', last_message_at: null })?.empty).toBe(true)
  })

  it('the local placeholder session is shared, local and carries the token', () => {
    expect(localSharedSession('r1', 'tok')).toEqual({
      id: 'local:r1',
      recordingId: 'r1',
      shared: true,
      local: true,
      shareToken: 'tok',
    })
  })

  it('reads messages oldest first with sources on assistant messages only, dropping unusable rows', () => {
    const list = normalizeMessages({
      success: true,
      data: [
        {
          id: 'b',
          sessionId: 's1',
          role: 'assistant',
          content: 'Answer',
          error: null,
          createdAt: '2026-01-01T10:00:02Z',
          sources: [{ segmentIndex: 3, speaker: 'Leo', start: 12.5, end: 20, quote: 'q' }, 'junk'],
        },
        {
          id: 'a',
          session_id: 's1',
          role: 'user',
          content: 'Question?',
          createdAt: '2026-01-01 10:00:01',
          sources: [{ start: 1 }],
        },
        { role: 'user', content: 'no id' },
      ],
    })
    expect(list.map((m) => m.id)).toEqual(['a', 'b'])
    expect(list[0]).toMatchObject({
      role: 'user',
      sessionId: 's1',
      sources: [],
      error: null,
      createdAt: '2026-01-01T10:00:01.000Z',
    })
    expect(list[1]!.sources).toEqual([{ segmentIndex: 3, speaker: 'Leo', start: 12.5, end: 20, quote: 'q' }])
  })

  it('keeps the error of a failed answer', () => {
    const [m] = normalizeMessages([
      { id: 'x', role: 'assistant', content: 'Sorry', error: 'The AI engine could not answer.' },
    ])
    expect(m!.error).toBe('The AI engine could not answer.')
  })

  it('reads the send result, or null when a part is missing', () => {
    const body = {
      success: true,
      data: {
        session,
        userMessage: { id: 'u', role: 'user', content: 'Q' },
        assistantMessage: { id: 'v', role: 'assistant', content: 'A', sources: [] },
      },
    }
    expect(normalizeSendResult(body)).toMatchObject({
      session: { id: 's1' },
      userMessage: { id: 'u' },
      assistantMessage: { id: 'v', content: 'A' },
    })
    expect(normalizeSendResult({ success: true, data: { session } })).toBeNull()
  })
})

describe('normalizeLibrarySessions', () => {
  it('reads the scope a conversation was last asked in from metadata.scope, dates as days', () => {
    const list = normalizeLibrarySessions({
      success: true,
      data: [
        {
          id: 's1',
          title: 'Orchard',
          updatedAt: '2026-11-02T10:00:00Z',
          metadata: {
            scope: {
              folderId: 'f1',
              from: '2026-03-01T00:00:00Z',
              to: '2026-03-31T23:59:59.999Z',
              speakers: ['Ana', ' '],
              recordingIds: ['r1'],
            },
          },
        },
        { id: 's2', title: 'Harbour', metadata: {} },
        { id: 's3', metadata: { scope: { from: 'soon', speakers: 'Ana' } } },
      ],
    })
    expect(list.map((s) => s.scope)).toEqual([
      { folderId: 'f1', from: '2026-03-01', to: '2026-03-31', speakers: ['Ana'], recordingIds: ['r1'] },
      null,
      null,
    ])
    expect(list[2]?.title).toBe('All recordings')
  })

  it('reads the scope of the conversation a send went to', () => {
    expect(
      librarySessionOf({ data: { session: { id: 's1', metadata: { scope: { speakers: ['Ben'] } } } } })?.scope,
    ).toEqual({
      folderId: undefined,
      from: undefined,
      to: undefined,
      speakers: ['Ben'],
      recordingIds: [],
    })
  })
})
