import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  chatHistoryQuery,
  chatKeys,
  readCachedChat,
  sendChatMessage,
  type ChatHistory,
  type ChatTarget,
} from '@/data/chat'
import type { ChatSession } from '@/data/normalize/chat'
import { isApiError, NETWORK_ERROR_CODE } from '@/data/api/errors'
import { DEFAULT_CHIPS, FALLBACK_CHIPS, followUpChips } from './suggestions'
import {
  AUTH_REQUIRED,
  INIT_FAILED,
  QUEUED_NOTICE,
  SEND_FAILED_BANNER,
  SEND_FAILED_BUBBLE,
  SEND_FAILED_NOTE,
} from './texts'
import type { ChatMessage } from '@/data/normalize/chat'
import type { UiMessage } from './uiMessage'
import { useQuestionQueue, useWaitingQuestions } from './questionQueue'

export type { UiMessage } from './uiMessage'

interface ChatState {
  /** The conversation shown, once known. */
  session: ChatSession | null
  messages: UiMessage[]
  loading: boolean
  offline: boolean
  sending: boolean
  error: string | null
  dismissError: () => void
  chips: readonly string[]
  send: (text: string) => Promise<void>
  /** Said once to screen readers when a question is kept for later. */
  notice: string
}

interface Options {
  recordingId: string
  shareToken?: string
  /** False when there is neither a sign-in token nor a share token. */
  canAsk: boolean
  /** The owner's chat: a question that cannot reach the server is queued for sync instead of failing. */
  queueOffline?: boolean
  /** The owner's conversation to show; none: the one with the latest activity. */
  sessionId?: string
}

/**
 * The Ask Pocket conversation (spec §4 Chat): loads history, then sends with
 * an optimistic user message and a typing placeholder; a failure swaps the
 * placeholder for the spec's error bubble. One send at a time.
 */
export function useChat({
  recordingId,
  shareToken,
  canAsk,
  queueOffline = false,
  sessionId: picked,
}: Options): ChatState {
  const target: ChatTarget = { recordingId, shareToken, sessionId: picked }
  const queryClient = useQueryClient()
  const history = useQuery({ ...chatHistoryQuery(target), enabled: canAsk && recordingId !== '' })
  const cached = useCachedMessages(target, history.isPending)
  // Null until the first send: until then the history is shown as loaded.
  const [local, setLocal] = useState<UiMessage[] | null>(null)
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<string | null>(null)
  const [dismissedLoadError, setDismissedLoadError] = useState(false)
  const [replyChips, setReplyChips] = useState<string[] | null>(null)
  const [notice, setNotice] = useState('')
  const inFlight = useRef(false)
  const seq = useRef(0)
  const shownId = history.data?.session.id ?? picked
  const queue = useQuestionQueue()
  // Only the owner's screen provides a queue; a share link's chat is never queued.
  const queueAsk = queue && queueOffline && !shareToken ? queue.ask : null
  const canQueue = queueAsk !== null
  const queued = useWaitingQuestions(queue, canQueue, recordingId, { sessionId: shownId, latest: picked === undefined })

  const loadFailed = history.isError
  const shown = local ?? history.data?.messages ?? cached ?? null
  const messages = useMemo(() => (queued.length > 0 ? [...(shown ?? []), ...queued] : (shown ?? [])), [shown, queued])
  const chips = replyChips ?? (loadFailed ? FALLBACK_CHIPS : DEFAULT_CHIPS)
  const error = sendError ?? (loadFailed && !dismissedLoadError ? INIT_FAILED : null)

  const send = async (raw: string) => {
    const text = raw.trim()
    if (!text || !recordingId || inFlight.current) return
    if (!canAsk) return setSendError(AUTH_REQUIRED)
    inFlight.current = true
    setSending(true)
    setSendError(null)
    const session = history.data?.session
    const sessionId = picked ?? (session && !session.local ? session.id : null)
    const keep = async () => {
      if (!queueAsk) throw new Error('questions are not queued on this screen')
      await queueAsk(recordingId, text, sessionId ?? '')
      // The history (plus the queued bubble) shows again; it is refetched once the server answers.
      setLocal(null)
      setNotice(QUEUED_NOTICE)
    }
    if (canQueue && globalThis.navigator?.onLine === false) {
      await keep().finally(() => {
        inFlight.current = false
        setSending(false)
      })
      return
    }
    const n = ++seq.current
    const optimistic: UiMessage = localMessage(`local-user-${n}`, 'user', text)
    const placeholder: UiMessage = { ...localMessage(`local-pending-${n}`, 'assistant', ''), pending: true }
    const before = local ?? history.data?.messages ?? []
    setLocal([...before, optimistic, placeholder])
    try {
      const res = await sendChatMessage({ recordingId, shareToken, message: text, sessionId })
      setLocal((cur) =>
        replaceMessages(cur, optimistic.id, placeholder.id, [
          res.userMessage,
          { ...res.assistantMessage, reveal: true },
        ]),
      )
      queryClient.setQueryData<ChatHistory>(chatKeys.history(target), (old) => ({
        session: res.session,
        messages: [...(old?.messages ?? []), res.userMessage, res.assistantMessage],
        offline: false,
      }))
      setReplyChips(followUpChips(res.assistantMessage.content, text))
      // Its title (the first question) and its place in the list change.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(recordingId) })
    } catch (err) {
      // Kept for later rather than failed; if even that fails, the usual failure shows.
      if (
        canQueue &&
        isUnreachable(err) &&
        (await keep().then(
          () => true,
          () => false,
        ))
      )
        return
      const failed: UiMessage = {
        ...localMessage(`local-failed-${n}`, 'assistant', SEND_FAILED_BUBBLE),
        error: SEND_FAILED_NOTE,
      }
      setLocal((cur) => [...(cur ?? []).filter((m) => m.id !== placeholder.id), failed])
      setSendError(rateLimitText(err) ?? SEND_FAILED_BANNER)
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }

  const dismissError = () => {
    setSendError(null)
    setDismissedLoadError(true)
  }

  return {
    session: history.data?.session ?? null,
    messages,
    loading: history.isPending && history.fetchStatus !== 'idle' && cached === null,
    offline: history.data?.offline ?? false,
    sending,
    error,
    dismissError,
    chips,
    send,
    notice,
  }
}

/** The server was never reached: the question is worth keeping for when it is. */
function isUnreachable(err: unknown): boolean {
  return isApiError(err) && err.code === NETWORK_ERROR_CODE
}

/**
 * The conversation saved on the device, read once while the server is asked:
 * screens show IndexedDB first (the list of messages appears at once on a
 * slow network) and the server's answer replaces it.
 */
function useCachedMessages(target: ChatTarget, pending: boolean): ChatMessage[] | null {
  const [cached, setCached] = useState<ChatMessage[] | null>(null)
  const { recordingId, shareToken, sessionId } = target
  useEffect(() => {
    if (!pending) return
    let live = true
    void readCachedChat({ recordingId, shareToken, sessionId })
      .then((c) => live && c && c.messages.length > 0 && setCached(c.messages))
      .catch(() => {}) // no cache is the normal first visit
    return () => {
      live = false
    }
  }, [recordingId, shareToken, sessionId, pending])
  return cached
}

function localMessage(id: string, role: UiMessage['role'], content: string): UiMessage {
  return { id, sessionId: '', role, content, error: null, sources: [], createdAt: new Date().toISOString() }
}

/** Puts the server's messages where the optimistic one and the placeholder were. */
function replaceMessages(cur: UiMessage[] | null, userId: string, pendingId: string, next: UiMessage[]): UiMessage[] {
  const kept = (cur ?? []).filter((m) => m.id !== userId && m.id !== pendingId)
  return [...kept, ...next]
}

/** A 429 says how long to wait; that is worth more than the generic banner. */
function rateLimitText(err: unknown): string | null {
  return isApiError(err) && err.status === 429 && err.serverMessage ? err.serverMessage : null
}
