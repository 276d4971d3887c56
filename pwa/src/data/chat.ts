import { queryOptions } from '@tanstack/react-query'
import { chatRequest, type RawResponse } from './api/http'
import { ApiError, NETWORK_ERROR_CODE } from './api/errors'
import { visitorKey } from './visitorKey'
import {
  localSharedSession,
  normalizeMessages,
  normalizeSendResult,
  normalizeSession,
  type ChatMessage,
  type ChatSendResult,
  type ChatSession,
} from './normalize/chat'

/** Whose conversation: the owner's (bearer) or a share link's (token). */
export interface ChatTarget {
  recordingId: string
  shareToken?: string
  /** The owner's conversation to show; none: the one with the latest activity. */
  sessionId?: string
}

export interface ChatHistory {
  session: ChatSession
  messages: ChatMessage[]
  /** True when read from the device because the server could not be reached. */
  offline: boolean
}

export const chatKeys = {
  all: ['chat'] as const,
  /** Everything about one recording's chat: what a new answer makes stale. */
  recording: (recordingId: string) => [...chatKeys.all, 'recording', recordingId] as const,
  history: (t: ChatTarget) =>
    [...chatKeys.recording(t.recordingId), 'history', t.shareToken ?? null, t.sessionId ?? null] as const,
  conversations: (recordingId: string) => [...chatKeys.recording(recordingId), 'conversations'] as const,
}

const BASE = '/api/v1/chat'
const enc = encodeURIComponent

/** A non-2xx answer the chat/share client handed back (spec §7) as an error. */
function ok<T>(res: RawResponse<T>): T {
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  return res.data
}

/**
 * The caller's session for a recording. A visitor's failed fetch gives a local
 * placeholder session marked shared (spec §8); an owner's failure is raised.
 */
async function fetchChatSession(t: ChatTarget, signal?: AbortSignal): Promise<ChatSession> {
  if (!t.shareToken && t.sessionId) return ownerSession(t.recordingId, t.sessionId)
  if (!t.shareToken) {
    const session = normalizeSession(ok(await chatRequest(`${BASE}/session/${enc(t.recordingId)}`, { signal })))
    if (!session)
      throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unexpected response format from server' })
    return session
  }
  try {
    const res = await chatRequest(`${BASE}/session/${enc(t.recordingId)}/shared`, {
      query: { token: t.shareToken, visitor: visitorKey() },
      auth: false,
      signal,
    })
    const session = normalizeSession(ok(res))
    if (session) return { ...session, shared: true, shareToken: t.shareToken }
  } catch {
    // Falls through to the placeholder: a visitor can still ask questions.
  }
  return localSharedSession(t.recordingId, t.shareToken)
}

/** One of the owner's conversations, named by id: its messages say the rest. */
export function ownerSession(recordingId: string, id: string, title = ''): ChatSession {
  return { id, recordingId, shared: false, local: false, shareToken: null, title }
}

/** Messages oldest first. A visitor's failed fetch gives an empty list (spec §8). */
async function fetchChatMessages(session: ChatSession, signal?: AbortSignal): Promise<ChatMessage[]> {
  if (session.local) return []
  if (!session.shareToken)
    return normalizeMessages(ok(await chatRequest(`${BASE}/session/${enc(session.id)}/messages`, { signal })))
  try {
    const res = await chatRequest(`${BASE}/session/${enc(session.id)}/messages/shared`, {
      query: { token: session.shareToken, visitor: visitorKey() },
      auth: false,
      signal,
    })
    return normalizeMessages(ok(res))
  } catch {
    return []
  }
}

/**
 * Session and messages from the server, written through to IndexedDB. When
 * the server cannot be reached the copy on the device is answered instead,
 * so a conversation seen once stays readable offline.
 */
export async function fetchChatHistory(t: ChatTarget, signal?: AbortSignal): Promise<ChatHistory> {
  try {
    const session = await fetchChatSession(t, signal)
    const messages = await fetchChatMessages(session, signal)
    if (!session.local) await saveChat(t, session, messages)
    return { session, messages, offline: false }
  } catch (error) {
    const cached = isUnreachable(error) ? await readCachedChat(t) : null
    if (cached) return { ...cached, offline: true }
    throw error
  }
}

/** The server could not be reached (offline, or the network failed). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === NETWORK_ERROR_CODE || error.status === 0)
}

export const chatHistoryQuery = (t: ChatTarget) =>
  queryOptions({
    queryKey: chatKeys.history(t),
    queryFn: ({ signal }) => fetchChatHistory(t, signal),
    // The panel keeps its own copy once a send starts; a background refetch
    // must not replace messages that are still being revealed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  })

/** Dexie scope of a session: the owner's, or one share link's. */
const scopeOf = (t: ChatTarget) => t.shareToken ?? 'owner'

/**
 * The device store, loaded with the first conversation saved or read: the
 * shared page's first paint does not wait for it (a visitor on a phone may
 * never open Ask Pocket).
 */
const deviceStore = () => import('./db').then((m) => m.db)

async function saveChat(t: ChatTarget, session: ChatSession, messages: ChatMessage[]): Promise<void> {
  const db = await deviceStore()
  const rows = chatRows({ target: t, session, messages })
  await db.transaction('rw', db.chatSessions, db.chatMessages, async () => {
    await db.chatSessions.bulkPut(rows.sessions)
    await db.chatMessages.bulkPut(rows.messages)
  })
}

/** A conversation as the server answers it, not yet stored. */
export interface FetchedChat {
  target: ChatTarget
  session: ChatSession
  messages: ChatMessage[]
}

/**
 * The conversation as fetchChatHistory would keep it, without storing it
 * (the offline library stores many at once, chatRows); failures are raised.
 * Most recordings were never asked about: their empty session needs no
 * second request.
 */
export async function requestChat(t: ChatTarget, signal?: AbortSignal): Promise<FetchedChat> {
  const session = await fetchChatSession(t, signal)
  return { target: t, session, messages: session.empty ? [] : await fetchChatMessages(session, signal) }
}

/** The device's rows for conversations: none for a local placeholder, which the server does not hold. */
export function chatRows(chats: FetchedChat | FetchedChat[]) {
  const saved = (Array.isArray(chats) ? chats : [chats]).filter((c) => !c.session.local)
  const savedAt = Date.now()
  return {
    sessions: saved.map(({ target, session }) => ({
      id: session.id,
      recordingId: target.recordingId,
      data: { session, scope: scopeOf(target), savedAt },
    })),
    messages: saved.flatMap(({ session, messages }) =>
      messages.map((m) => ({ id: m.id, sessionId: session.id, createdAt: m.createdAt, data: m })),
    ),
  }
}

interface CachedSession {
  session: ChatSession
  scope?: string
  savedAt?: number
}

/**
 * The conversation kept on the device for this recording and scope: the one
 * named, else the one saved last; null if none.
 */
export async function readCachedChat(t: ChatTarget): Promise<{ session: ChatSession; messages: ChatMessage[] } | null> {
  const db = await deviceStore()
  const rows = await db.chatSessions.where('recordingId').equals(t.recordingId).toArray()
  const mine = rows.filter(
    (r) => (r.data as CachedSession | null)?.scope === scopeOf(t) && (!t.sessionId || r.id === t.sessionId),
  )
  const savedAt = (r: (typeof rows)[number]) => (r.data as CachedSession).savedAt ?? 0
  const row = mine.sort((a, b) => savedAt(b) - savedAt(a))[0]
  if (!row) return null
  const session = (row.data as CachedSession).session
  const stored = await db.chatMessages
    .where('[sessionId+createdAt]')
    .between([row.id, ''], [row.id, '\uffff'])
    .toArray()
  return { session, messages: stored.map((m) => m.data as ChatMessage) }
}

interface SendInput extends Omit<ChatTarget, 'sessionId'> {
  message: string
  /** The session to continue; null lets the server pick the caller's. */
  sessionId: string | null
}

/**
 * POST /api/v1/chat/message (or …/shared with the share token). Any answer
 * other than 2xx fails the send: a 5xx is thrown by the chat/share client,
 * a 4xx (429 rate limit, 413 too long) is thrown here with its message.
 */
export async function sendChatMessage(input: SendInput): Promise<ChatSendResult> {
  const { recordingId, message, sessionId, shareToken } = input
  const body = {
    recordingId,
    message,
    sessionId,
    language: 'en',
    ...(shareToken ? { shareToken, visitorId: visitorKey() } : {}),
  }
  const path = shareToken ? `${BASE}/message/shared` : `${BASE}/message`
  const raw = ok(await chatRequest(path, { method: 'POST', body, auth: !shareToken }))
  const result = normalizeSendResult(raw)
  if (!result)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unexpected response format from server', body: raw })
  const session = shareToken ? { ...result.session, shared: true, shareToken } : result.session
  await saveChat({ recordingId, shareToken }, session, [result.userMessage, result.assistantMessage])
  return { ...result, session }
}
