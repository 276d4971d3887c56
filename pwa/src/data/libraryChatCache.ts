import type { ChatMessage, LibrarySession } from './normalize/chat'

/**
 * Library conversations kept on the device, readable offline: sessions in
 * db.chatSessions with recordingId '' (a library conversation is about no one
 * recording) and scope 'library', their messages in db.chatMessages like any
 * conversation's. No schema change: the tables and indexes are version 1's.
 * Logging out clears them with the rest (clearUserData).
 */
const LIBRARY = 'library'

interface CachedLibrarySession {
  session: LibrarySession
  scope: string
  savedAt: number
}

/** The device store, loaded when a library conversation is first kept or read. */
const deviceStore = () => import('./db').then((m) => m.db)

/** Keeps the listed conversations (their messages are kept as each is read). */
export async function keepLibrarySessions(list: LibrarySession[]): Promise<void> {
  const db = await deviceStore()
  const savedAt = Date.now()
  await db.chatSessions.bulkPut(
    list.map((session) => ({ id: session.id, recordingId: '', data: { session, scope: LIBRARY, savedAt } })),
  )
}

/** The conversations kept here, latest activity first; null when none is. */
export async function readLibrarySessions(): Promise<LibrarySession[] | null> {
  const db = await deviceStore()
  const rows = await db.chatSessions.where('recordingId').equals('').toArray()
  const list = rows
    .map((r) => r.data as CachedLibrarySession | null)
    .filter((d): d is CachedLibrarySession => d?.scope === LIBRARY)
    .map((d) => d.session)
  if (list.length === 0) return null
  return list.sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''))
}

/** Keeps a conversation's messages (and the conversation, when given: a send's). */
export async function keepLibraryMessages(
  sessionId: string,
  messages: ChatMessage[],
  session?: LibrarySession,
): Promise<void> {
  const db = await deviceStore()
  await db.transaction('rw', db.chatSessions, db.chatMessages, async () => {
    if (session)
      await db.chatSessions.put({
        id: session.id,
        recordingId: '',
        data: { session, scope: LIBRARY, savedAt: Date.now() },
      })
    await db.chatMessages.bulkPut(messages.map((m) => ({ id: m.id, sessionId, createdAt: m.createdAt, data: m })))
  })
}

/** A conversation's messages kept here, oldest first; null when it was never kept. */
export async function readLibraryMessages(sessionId: string): Promise<ChatMessage[] | null> {
  const db = await deviceStore()
  const kept = await db.chatSessions.get(sessionId)
  if ((kept?.data as CachedLibrarySession | undefined)?.scope !== LIBRARY) return null
  const rows = await db.chatMessages
    .where('[sessionId+createdAt]')
    .between([sessionId, ''], [sessionId, '\uffff'])
    .toArray()
  return rows.map((r) => r.data as ChatMessage)
}
