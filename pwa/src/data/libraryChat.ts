import { queryOptions } from '@tanstack/react-query'
import { chatRequest, type RawResponse } from './api/http'
import { ApiError } from './api/errors'
import { isUnreachable } from './chat'
import { keepLibraryMessages, keepLibrarySessions, readLibraryMessages, readLibrarySessions } from './libraryChatCache'
import {
  librarySessionOf,
  normalizeLibrarySessions,
  normalizeMessages,
  normalizeSendResult,
  type ChatMessage,
  type LibraryScope,
  type LibrarySession,
} from './normalize/chat'

export type { LibraryScope }

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
  suggestions: () => [...libraryChatKeys.all, 'suggestions'] as const,
}

/** The scope as the API takes it: empty parts left out, null when nothing narrows. */
export function scopeBody(scope: LibraryScope | null | undefined): LibraryScope | null {
  if (!scope) return null
  const out: LibraryScope = {}
  if (scope.folderId) out.folderId = scope.folderId
  if (scope.from) out.from = scope.from
  if (scope.to) out.to = scope.to
  if (scope.speakers?.length) out.speakers = scope.speakers
  if (scope.recordingIds?.length) out.recordingIds = scope.recordingIds
  return Object.keys(out).length > 0 ? out : null
}

/** One suggested question about the user's own library. */
export interface LibrarySuggestion {
  text: string
  kind: string
  recordingId?: string
}

function parseSuggestions(raw: unknown): LibrarySuggestion[] {
  const data = (raw as { data?: { suggestions?: unknown } } | null)?.data
  const list = Array.isArray(data?.suggestions) ? (data.suggestions as unknown[]) : []
  return list.flatMap((s) => {
    const o = s as Partial<LibrarySuggestion> | null
    return o && typeof o.text === 'string' && o.text.trim() !== ''
      ? [{ text: o.text, kind: typeof o.kind === 'string' ? o.kind : '', recordingId: o.recordingId }]
      : []
  })
}

/** GET /api/v1/chat/library/suggestions: questions drawn from the user's library ([] when it is empty). */
export const librarySuggestionsQuery = () =>
  queryOptions({
    queryKey: libraryChatKeys.suggestions(),
    queryFn: async ({ signal }) => parseSuggestions(ok(await chatRequest(`${BASE}/library/suggestions`, { signal }))),
    staleTime: 60_000,
    retry: false,
  })

function ok<T>(res: RawResponse<T>): T {
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  return res.data
}

/**
 * Fetches, keeping the answer on the device; when the server cannot be
 * reached, answers what the device kept (the error when it kept nothing).
 * A device that cannot store still shows the server's answer.
 */
async function keptOffline<T>(
  fetch: () => Promise<T>,
  keep: (value: T) => Promise<void>,
  read: () => Promise<T | null>,
): Promise<T> {
  try {
    const value = await fetch()
    await keep(value).catch(() => undefined)
    return value
  } catch (error) {
    const kept = isUnreachable(error) ? await read().catch(() => null) : null
    if (kept) return kept
    throw error
  }
}

export const librarySessionsQuery = () =>
  queryOptions({
    queryKey: libraryChatKeys.sessions(),
    queryFn: ({ signal }) =>
      keptOffline(
        async () => normalizeLibrarySessions(ok(await chatRequest(`${BASE}/library/sessions`, { signal }))),
        keepLibrarySessions,
        readLibrarySessions,
      ),
    retry: false,
  })

export const libraryMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: libraryChatKeys.messages(sessionId),
    queryFn: ({ signal }) =>
      keptOffline(
        async () => normalizeMessages(ok(await chatRequest(`${BASE}/session/${enc(sessionId)}/messages`, { signal }))),
        (messages) => keepLibraryMessages(sessionId, messages),
        () => readLibraryMessages(sessionId),
      ),
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
export async function sendLibraryMessage(
  message: string,
  sessionId: string | null,
  scope?: LibraryScope | null,
): Promise<LibrarySendResult> {
  const narrowed = scopeBody(scope)
  const raw = ok(
    await chatRequest(`${BASE}/library/message`, {
      method: 'POST',
      body: { message, sessionId: sessionId ?? '', language: 'en', ...(narrowed ? { scope: narrowed } : {}) },
    }),
  )
  const result = normalizeSendResult(raw)
  const session = librarySessionOf(raw)
  if (!result || !session)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unexpected response format from server', body: raw })
  await keepLibraryMessages(session.id, [result.userMessage, result.assistantMessage], session).catch(() => undefined)
  return { session, userMessage: result.userMessage, assistantMessage: result.assistantMessage }
}
