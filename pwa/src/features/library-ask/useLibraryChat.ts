import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useLatest } from '@/ui/useLatest'
import { isApiError, NETWORK_ERROR_CODE } from '@/data/api/errors'
import { libraryChatKeys, libraryMessagesQuery, sendLibraryMessage, type LibraryScope } from '@/data/libraryChat'
import type { ChatMessage } from '@/data/normalize/chat'
import type { UiMessage } from '@/features/chat/uiMessage'
import { SEND_FAILED_BANNER, SEND_FAILED_BUBBLE, SEND_FAILED_NOTE } from '@/features/chat/texts'
import { MESSAGES_FAILED, OFFLINE } from './texts'

interface LibraryChat {
  messages: UiMessage[]
  loading: boolean
  loadFailed: boolean
  retry: () => void
  sending: boolean
  error: string | null
  dismissError: () => void
  send: (text: string, scope?: LibraryScope) => Promise<void>
}

/**
 * One library conversation: its history (none for a new one), then sends
 * with an optimistic question and a typing placeholder, as a recording's
 * Ask Pocket does. The first answer of a new conversation names it:
 * onStarted gets its id.
 */
export function useLibraryChat(sessionId: string | null, onStarted: (id: string) => void): LibraryChat {
  const queryClient = useQueryClient()
  const history = useQuery({ ...libraryMessagesQuery(sessionId ?? ''), enabled: sessionId !== null })
  const [local, setLocal] = useState<UiMessage[] | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef(false)
  const seq = useRef(0)
  const current = useLatest(sessionId)

  const send = async (raw: string, scope?: LibraryScope) => {
    const text = raw.trim()
    if (!text || inFlight.current) return
    inFlight.current = true
    setSending(true)
    setError(null)
    const n = ++seq.current
    const question = localMessage(`local-user-${n}`, 'user', text)
    const placeholder: UiMessage = { ...localMessage(`local-pending-${n}`, 'assistant', ''), pending: true }
    setLocal((cur) => [...(cur ?? history.data ?? []), question, placeholder])
    try {
      const res = await sendLibraryMessage(text, current.current, scope)
      const pair: ChatMessage[] = [res.userMessage, res.assistantMessage]
      setLocal((cur) => [
        ...(cur ?? []).filter((m) => m.id !== question.id && m.id !== placeholder.id),
        res.userMessage,
        { ...res.assistantMessage, reveal: true },
      ])
      queryClient.setQueryData<ChatMessage[]>(libraryChatKeys.messages(res.session.id), (old) => [
        ...(old ?? []),
        ...pair,
      ])
      void queryClient.invalidateQueries({ queryKey: libraryChatKeys.sessions() })
      if (current.current === null) onStarted(res.session.id)
    } catch (err) {
      const failed: UiMessage = {
        ...localMessage(`local-failed-${n}`, 'assistant', SEND_FAILED_BUBBLE),
        error: SEND_FAILED_NOTE,
      }
      setLocal((cur) => [...(cur ?? []).filter((m) => m.id !== placeholder.id), failed])
      setError(sendErrorText(err))
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }

  return {
    messages: local ?? history.data ?? [],
    loading: sessionId !== null && history.isPending && local === null,
    loadFailed: history.isError && local === null,
    retry: () => void history.refetch(),
    sending,
    error: error ?? (history.isError && local === null ? MESSAGES_FAILED : null),
    dismissError: () => setError(null),
    send,
  }
}

/** A 429 or 413 says what to do; a lost network says so; anything else is the usual banner. */
function sendErrorText(err: unknown): string {
  if (!isApiError(err)) return SEND_FAILED_BANNER
  if (err.code === NETWORK_ERROR_CODE) return OFFLINE
  if ((err.status === 429 || err.status === 413) && err.serverMessage) return err.serverMessage
  return SEND_FAILED_BANNER
}

function localMessage(id: string, role: UiMessage['role'], content: string): UiMessage {
  return { id, sessionId: '', role, content, error: null, sources: [], createdAt: new Date().toISOString() }
}
