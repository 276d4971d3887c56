import { describe, expect, it } from 'vitest'
import { db } from './db'
import { keepLibraryMessages, keepLibrarySessions, readLibraryMessages, readLibrarySessions } from './libraryChatCache'
import type { ChatMessage } from './normalize/chat'

const message = (id: string, createdAt: string, role: ChatMessage['role']): ChatMessage => ({
  id,
  sessionId: 's1',
  role,
  content: id,
  error: null,
  sources: [],
  createdAt,
})

describe('library conversations kept on the device', () => {
  it('reads back the list, latest first, and a conversation in order; a recording’s conversation is not one of them', async () => {
    expect(await readLibrarySessions()).toBeNull()
    await db.chatSessions.put({
      id: 'rec-chat',
      recordingId: 'r1',
      data: { session: { id: 'rec-chat' }, scope: 'owner' },
    })
    await keepLibrarySessions([
      { id: 's1', title: 'Orchard', updatedAt: '2026-11-02T10:00:00Z', scope: null },
      { id: 's2', title: 'Harbour', updatedAt: '2026-11-03T10:00:00Z', scope: { folderId: 'f1' } },
    ])
    expect((await readLibrarySessions())?.map((s) => s.title)).toEqual(['Harbour', 'Orchard'])
    // Offline, a reopened conversation still shows the scope it was asked in.
    expect((await readLibrarySessions())?.[0]?.scope).toEqual({ folderId: 'f1' })
    await keepLibraryMessages('s1', [
      message('b', '2026-11-02T10:00:02Z', 'assistant'),
      message('a', '2026-11-02T10:00:01Z', 'user'),
    ])
    expect((await readLibraryMessages('s1'))?.map((m) => m.id)).toEqual(['a', 'b'])
    expect(await readLibraryMessages('rec-chat')).toBeNull()
    expect(await readLibraryMessages('never-kept')).toBeNull()
  })
})
