import { queryOptions } from '@tanstack/react-query'
import { chatRequest, type RawResponse } from './api/http'
import { ApiError } from './api/errors'
import {
  librarySessionOf,
  normalizeLibrarySessions,
  normalizeMessages,
  normalizeSendResult,
  type ChatMessage,
  type LibrarySession,
} from './normalize/chat'

/**
 * Ask about all recordings: the owner's library conversations. Messages are
 * read like any chat session's; a send without a session id starts one.
 */
const BASE = '/api/v1/chat'
const enc = encodeURIComponent

export const libraryChatKeys = {
  all: ['library-chat'] as const,
  sessions: () => [...libraryChatKeys.all, 'sessions'] as const,
  messages: (sessionId: string) => [...libraryChatKeys.all, 'messages', sessionId] as const,
}

function ok<T>(res: RawResponse<T>): T {
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  return res.data
}

export const librarySessionsQuery = () =>
  queryOptions({
    queryKey: libraryChatKeys.sessions(),
    queryFn: async ({ signal }) =>
      normalizeLibrarySessions(ok(await chatRequest(`${BASE}/library/sessions`, { signal }))),
    retry: false,
  })

export const libraryMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: libraryChatKeys.messages(sessionId),
    queryFn: async ({ signal }) =>
      normalizeMessages(ok(await chatRequest(`${BASE}/session/${enc(sessionId)}/messages`, { signal }))),
    // The page keeps its own copy once a send starts (see useLibraryChat).
    staleTime: Infinity,
    retry: false,
  })

export interface LibrarySendResult {
  session: LibrarySession
  userMessage: ChatMessage
  assistantMessage: ChatMessage
}

/** POST /api/v1/chat/library/message; a non-2xx answer is thrown with its message. */
export async function sendLibraryMessage(message: string, sessionId: string | null): Promise<LibrarySendResult> {
  const raw = ok(
    await chatRequest(`${BASE}/library/message`, {
      method: 'POST',
      body: { message, sessionId: sessionId ?? '', language: 'en' },
    }),
  )
  const result = normalizeSendResult(raw)
  const session = librarySessionOf(raw)
  if (!result || !session)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unexpected response format from server', body: raw })
  return { session, userMessage: result.userMessage, assistantMessage: result.assistantMessage }
}
