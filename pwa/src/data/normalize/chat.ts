import { asArray, asObject, first, flag, seconds, text, type LooseObject } from './loose'
import { parseTimestamp } from '../time'

/** A transcript passage an answer rests on (server: engine.Source). */
export interface ChatSource {
  segmentIndex: number
  speaker: string
  /** Seconds from the start of the recording. */
  start: number
  end: number
  quote: string
  /** Only on a library answer's sources: the recording the passage is in. */
  recordingId?: string
  recordingTitle?: string
  /** 'transcript' or 'summary' (a summary section has no time). */
  kind?: string
}

/** The spec's chat session (§3), as far as the app uses it. */
export interface ChatSession {
  id: string
  recordingId: string
  /** True for a share-link visitor's session. */
  shared: boolean
  /** A local stand-in made when the shared session could not be fetched (spec §8). */
  local: boolean
  shareToken: string | null
  /** The conversation's name (its first question, or the recording's title until then). */
  title?: string
  /** The server says it has no message yet (lastMessageAt null): there are none to fetch. */
  empty?: boolean
}

type ChatRole = 'user' | 'assistant'

/** The spec's chat message (§3) plus an assistant message's sources. */
export interface ChatMessage {
  id: string
  sessionId: string
  role: ChatRole
  content: string
  /** Why the answer failed; null for a normal message. */
  error: string | null
  sources: ChatSource[]
  /** ISO timestamp; '' when unknown. */
  createdAt: string
}

export interface ChatSendResult {
  session: ChatSession
  userMessage: ChatMessage
  assistantMessage: ChatMessage
}

/** The object under `data` of a `{success, data}` body, or the body itself. */
function payload(raw: unknown): unknown {
  const outer = asObject(raw)
  return outer && 'data' in outer ? outer.data : raw
}

export function normalizeSession(raw: unknown): ChatSession | null {
  const s = asObject(payload(raw))
  const id = text(s?.id).trim()
  if (!s || !id) return null
  const meta = asObject(s.metadata)
  return {
    id,
    recordingId: text(first(s, 'recordingId', 'recording_id')).trim(),
    shared: flag(meta?.shared) || s.userId === null,
    local: false,
    shareToken: text(meta?.shareToken).trim() || null,
    title: text(s.title).trim(),
    // Only an explicit null says so: a provider that leaves the field out may still hold messages.
    ...(('lastMessageAt' in s ? s.lastMessageAt : s.last_message_at) === null && { empty: true }),
  }
}

/** The stand-in session for a visitor whose shared session fetch failed. */
export function localSharedSession(recordingId: string, shareToken: string): ChatSession {
  return { id: `local:${recordingId}`, recordingId, shared: true, local: true, shareToken }
}

function normalizeSource(raw: unknown): ChatSource | null {
  const s = asObject(raw)
  if (!s) return null
  return {
    segmentIndex: Math.trunc(seconds(first(s, 'segmentIndex', 'segment_index'))),
    speaker: text(s.speaker).trim(),
    start: seconds(first(s, 'start', 'start_time', 'startTime')),
    end: seconds(first(s, 'end', 'end_time', 'endTime')),
    quote: text(s.quote).trim(),
    ...librarySource(s),
  }
}

/** A library answer's source also names its recording; a recording's own chat leaves these out. */
function librarySource(s: LooseObject): Pick<ChatSource, 'recordingId' | 'recordingTitle' | 'kind'> {
  const recordingId = text(first(s, 'recordingId', 'recording_id')).trim()
  if (!recordingId) return {}
  return {
    recordingId,
    recordingTitle: text(first(s, 'recordingTitle', 'recording_title')).trim() || 'Untitled Recording',
    kind: text(s.kind).trim() || 'transcript',
  }
}

function normalizeMessage(raw: unknown): ChatMessage | null {
  const m = asObject(raw)
  const id = text(m?.id).trim()
  if (!m || !id) return null
  const role = text(m.role).toLowerCase() === 'user' ? 'user' : 'assistant'
  const error = text(m.error).trim()
  return {
    id,
    sessionId: text(first(m, 'sessionId', 'session_id')).trim(),
    role,
    content: text(first(m, 'content', 'message', 'text')),
    error: error || null,
    sources: role === 'assistant' ? sourcesOf(m) : [],
    createdAt: isoOf(first(m, 'createdAt', 'created_at')),
  }
}

function sourcesOf(m: LooseObject): ChatSource[] {
  return (asArray(m.sources) ?? []).map(normalizeSource).filter((s): s is ChatSource => s !== null)
}

function isoOf(value: unknown): string {
  const ms = parseTimestamp(value)
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString()
}

/** Messages oldest first: a bare list, `{data: [...]}` or `{data: {messages: [...]}}`. */
export function normalizeMessages(raw: unknown): ChatMessage[] {
  const body = payload(raw)
  const list = asArray(body) ?? asArray(asObject(body)?.messages) ?? []
  const msgs = list.map(normalizeMessage).filter((m): m is ChatMessage => m !== null)
  // A stable sort keeps the server's order for equal or unknown times.
  return msgs.sort((a, b) => (a.createdAt && b.createdAt ? compareIso(a.createdAt, b.createdAt) : 0))
}

/** Normalised times are ISO strings of one length: their text order is their time order (no locale needed). */
function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function normalizeSendResult(raw: unknown): ChatSendResult | null {
  const body = asObject(payload(raw))
  if (!body) return null
  const session = normalizeSession(body.session)
  const userMessage = normalizeMessage(body.userMessage)
  const assistantMessage = normalizeMessage(body.assistantMessage)
  if (!session || !userMessage || !assistantMessage) return null
  return { session, userMessage, assistantMessage }
}

/** A conversation as a picker lists it: a recording's, or a library one (Ask about all recordings). */
export interface ConversationSummary {
  id: string
  title: string
  /** ISO timestamp; '' when unknown. */
  updatedAt: string
}

/**
 * What a library question is narrowed to (docs/api.md "Asking a scope"):
 * every part given must hold; none is the whole library. Dates are YYYY-MM-DD.
 */
export interface LibraryScope {
  folderId?: string
  from?: string
  to?: string
  speakers?: string[]
  recordingIds?: string[]
}

/** A library conversation, with the scope its latest question was asked in (null: the whole library). */
export interface LibrarySession extends ConversationSummary {
  scope: LibraryScope | null
}

const LIBRARY_TITLE = 'All recordings'

function normalizeSummary(raw: unknown, fallbackTitle: string): ConversationSummary | null {
  const s = asObject(raw)
  const id = text(s?.id).trim()
  if (!s || !id) return null
  return { id, title: text(s.title).trim() || fallbackTitle, updatedAt: isoOf(first(s, 'updatedAt', 'updated_at')) }
}

/** Conversations as the server lists them (latest activity first). */
export function normalizeConversations(raw: unknown, fallbackTitle: string): ConversationSummary[] {
  return (asArray(payload(raw)) ?? [])
    .map((s) => normalizeSummary(s, fallbackTitle))
    .filter((s): s is ConversationSummary => s !== null)
}

/** Library conversations as the server lists them (latest activity first). */
export function normalizeLibrarySessions(raw: unknown): LibrarySession[] {
  return (asArray(payload(raw)) ?? []).map(normalizeLibrarySession).filter((s): s is LibrarySession => s !== null)
}

/** The conversation a library send went to. */
export function librarySessionOf(raw: unknown): LibrarySession | null {
  return normalizeLibrarySession(asObject(payload(raw))?.session)
}

function normalizeLibrarySession(raw: unknown): LibrarySession | null {
  const summary = normalizeSummary(raw, LIBRARY_TITLE)
  return summary && { ...summary, scope: sessionScope(asObject(raw)?.metadata) }
}

/**
 * The server's metadata.scope (docs/api.md "Asking a scope"): dates come back
 * as RFC 3339 timestamps of the days asked (the end of the last day for `to`,
 * in UTC), so the day is their first ten characters.
 */
function sessionScope(metadata: unknown): LibraryScope | null {
  const sc = asObject(asObject(metadata)?.scope)
  if (!sc) return null
  const day = (v: unknown) => (/^\d{4}-\d{2}-\d{2}/.test(text(v)) ? text(v).slice(0, 10) : undefined)
  const names = (v: unknown) => (asArray(v) ?? []).map((n) => text(n).trim()).filter(Boolean)
  const scope: LibraryScope = {
    folderId: text(sc.folderId).trim() || undefined,
    from: day(sc.from),
    to: day(sc.to),
    speakers: names(sc.speakers),
    recordingIds: names(sc.recordingIds),
  }
  const narrows = scope.folderId || scope.from || scope.to || scope.speakers?.length || scope.recordingIds?.length
  return narrows ? scope : null
}
