import { queryOptions } from '@tanstack/react-query'
import { chatRequest, type RawResponse } from './api/http'
import { ApiError } from './api/errors'
import { chatKeys, ownerSession } from './chat'
import { normalizeConversations, normalizeSession, type ChatSession } from './normalize/chat'

/**
 * The owner's conversations about one recording (docs/api.md "Ask Pocket"):
 * listed latest activity first, and a new, empty one started on request.
 * Share-link visitors have one conversation and never call these.
 */
/** A conversation to show: its id and, when known, its title. */
export interface PickedConversation {
  id: string
  title: string
}

const BASE = '/api/v1/chat/recording'
const enc = encodeURIComponent

function ok<T>(res: RawResponse<T>): T {
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  return res.data
}

export const conversationsQuery = (recordingId: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(recordingId),
    queryFn: async ({ signal }) =>
      normalizeConversations(ok(await chatRequest(`${BASE}/${enc(recordingId)}/sessions`, { signal })), ''),
    retry: false,
  })

/** POST …/sessions: a new, empty conversation about the recording. */
export async function startConversation(recordingId: string): Promise<ChatSession> {
  const raw = ok(await chatRequest(`${BASE}/${enc(recordingId)}/sessions`, { method: 'POST', body: {} }))
  const session = normalizeSession(raw)
  if (!session)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unexpected response format from server', body: raw })
  return ownerSession(recordingId, session.id, session.title)
}
