import { http, HttpResponse } from 'msw'
import { normalizeTranscript } from '@/data/normalize/transcript'
import { fixtureFiles } from '../fixtures'
import { fail, signedIn } from './respond'

/**
 * Ask Pocket on the mock server (spec §7 chat calls, docs/api.md): an owner's
 * conversations about a recording (any number; a question without a session
 * goes to the latest) and one per share token, kept in memory. Answers quote
 * the recording's first transcript segments as their sources.
 */
interface MockMessage {
  id: string
  sessionId: string
  role: 'user' | 'assistant'
  content: string
  error: string | null
  sources?: { segmentIndex: number; speaker: string; start: number; end: number; quote: string }[]
  createdAt: string
  updatedAt: string
}

interface MockSession {
  id: string
  recordingId: string
  scope: string
  title: string
  updatedAt: number
  messages: MockMessage[]
}

const sessions = new Map<string, MockSession>()
let clock = Date.parse('2026-01-01T00:00:00Z')

/** Forgets every conversation (tests call it between cases). */
export function resetChatMocks(): void {
  sessions.clear()
}

/** A scope's conversations about a recording, latest activity first. */
function conversations(scope: string, recordingId: string): MockSession[] {
  return [...sessions.values()]
    .filter((s) => s.scope === scope && s.recordingId === recordingId)
    .sort((a, b) => b.updatedAt - a.updatedAt)
}

function newSession(scope: string, recordingId: string): MockSession {
  const s = {
    id: `chat-${sessions.size + 1}`,
    recordingId,
    scope,
    title: 'Ask Pocket',
    updatedAt: (clock += 1000),
    messages: [],
  }
  sessions.set(s.id, s)
  return s
}

function sessionFor(scope: string, recordingId: string): MockSession {
  return conversations(scope, recordingId)[0] ?? newSession(scope, recordingId)
}

function sessionJson(s: MockSession) {
  const shared = s.scope !== 'owner'
  const at = new Date(s.updatedAt).toISOString()
  return {
    id: s.id,
    userId: shared ? null : 'uid',
    recordingId: s.recordingId,
    title: s.title,
    lastMessageAt: null,
    metadata: { shared, language: 'en' },
    createdAt: at,
    updatedAt: at,
  }
}

function byId(id: string) {
  return sessions.get(id)
}

function message(sessionId: string, role: MockMessage['role'], content: string): MockMessage {
  const at = new Date((clock += 1000)).toISOString()
  return { id: crypto.randomUUID(), sessionId, role, content, error: null, createdAt: at, updatedAt: at }
}

function answer(recordingId: string, question: string, sessionId: string): MockMessage {
  const file = fixtureFiles().find((f) => f.recording.id === recordingId)
  const segments = normalizeTranscript(file?.transcription, file?.speakers).segments.slice(0, 2)
  const reply = {
    ...message(
      sessionId,
      'assistant',
      `Here is what the recording says about **${question}**: the team agreed on the next action items.`,
    ),
  }
  reply.sources = segments.map((s) => ({
    segmentIndex: s.index,
    speaker: s.speakerLabel,
    start: s.start,
    end: s.end,
    quote: s.text.slice(0, 120),
  }))
  return reply
}

async function handleSend(request: Request, scope: string) {
  const body = (await request.json().catch(() => ({}))) as {
    recordingId?: string
    message?: string
    sessionId?: string | null
  }
  const text = (body.message ?? '').trim()
  if (!body.recordingId) return fail(400, 'recordingId is required', 'INVALID_ARGUMENT')
  if (!text) return fail(400, 'Message must not be empty', 'EMPTY_MESSAGE')
  const named = body.sessionId ? byId(body.sessionId) : undefined
  if (body.sessionId && (!named || named.scope !== scope || named.recordingId !== body.recordingId))
    return fail(404, 'Chat session not found', 'NOT_FOUND')
  const s = named ?? sessionFor(scope, body.recordingId)
  if (s.messages.length === 0 && scope === 'owner') s.title = text
  s.updatedAt = clock += 1000
  const userMessage = message(s.id, 'user', text)
  const assistantMessage = answer(body.recordingId, text, s.id)
  s.messages.push(userMessage, assistantMessage)
  return HttpResponse.json({ success: true, data: { session: sessionJson(s), userMessage, assistantMessage } })
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? ''

export const chatHandlers = [
  http.get('/api/v1/chat/session/:id/shared', ({ request, params }) => {
    const token = tokenOf(request)
    if (!token) return fail(400, 'No share token provided', 'NO_SHARE_TOKEN')
    return HttpResponse.json({ success: true, data: sessionJson(sessionFor(`share:${token}`, String(params.id))) })
  }),
  http.get('/api/v1/chat/session/:id/messages/shared', ({ request, params }) => {
    const s = byId(String(params.id))
    if (!s || s.scope !== `share:${tokenOf(request)}`) return fail(404, 'Session not found', 'NOT_FOUND')
    return HttpResponse.json({ success: true, data: s.messages })
  }),
  http.post('/api/v1/chat/message/shared', async ({ request }) => {
    const token =
      (
        (await request
          .clone()
          .json()
          .catch(() => ({}))) as { shareToken?: string }
      ).shareToken ?? ''
    if (!token) return fail(400, 'No share token provided', 'NO_SHARE_TOKEN')
    return handleSend(request, `share:${token}`)
  }),
  http.get('/api/v1/chat/session/:id/messages', ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    const s = byId(String(params.id))
    if (!s || s.scope !== 'owner') return fail(404, 'Session not found', 'NOT_FOUND')
    return HttpResponse.json({ success: true, data: s.messages })
  }),
  http.get('/api/v1/chat/session/:id', ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ success: true, data: sessionJson(sessionFor('owner', String(params.id))) })
  }),
  http.get('/api/v1/chat/recording/:id/sessions', ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ success: true, data: conversations('owner', String(params.id)).map(sessionJson) })
  }),
  http.post('/api/v1/chat/recording/:id/sessions', ({ request, params }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return HttpResponse.json({ success: true, data: sessionJson(newSession('owner', String(params.id))) })
  }),
  http.post('/api/v1/chat/message', ({ request }) => {
    if (!signedIn(request)) return fail(401, 'Authentication required', 'UNAUTHENTICATED')
    return handleSend(request, 'owner')
  }),
]
