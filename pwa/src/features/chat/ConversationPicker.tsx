import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { chatKeys, type ChatHistory } from '@/data/chat'
import { startConversation, type PickedConversation } from '@/data/chatConversations'
import { useOnline } from '@/features/sync/useSyncState'
import { ChatLoading } from './ChatLoading'
import {
  CONVERSATIONS,
  CURRENT_CONVERSATION,
  LOADING_CONVERSATIONS,
  NEW_CONVERSATION,
  NEW_CONVERSATION_FAILED,
} from './texts'

// The list is read only when opened: the detail screen's first load stays small.
const ConversationList = lazy(() => import('./ConversationList'))

interface Props {
  recordingId: string
  /** The conversation shown, once known. */
  currentId: string | undefined
  /** What the current conversation is called ('' for a new one). */
  title: string
  onPick: (c: PickedConversation, how: 'listed' | 'new') => void
  /** Focus the list's button when shown (the person just picked from the list). */
  autoFocus?: boolean
}

/**
 * The owner's conversations about a recording: the current one's title, a
 * disclosure listing earlier ones (with their dates) and "New conversation".
 * Escape closes the list and gives focus back to its button.
 */
export function ConversationPicker({ recordingId, currentId, title, onPick, autoFocus = false }: Props) {
  const [open, setOpen] = useState(false)
  const [starting, setStarting] = useState(false)
  const [failed, setFailed] = useState(false)
  const online = useOnline()
  const queryClient = useQueryClient()
  const toggle = useRef<HTMLButtonElement>(null)
  const listId = useId()
  useEffect(() => {
    if (autoFocus) toggle.current?.focus()
  }, [autoFocus])

  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  const pick = (c: PickedConversation, how: 'listed' | 'new' = 'listed') => {
    setOpen(false)
    onPick(c, how)
  }
  const startNew = async () => {
    setStarting(true)
    setFailed(false)
    try {
      const session = await startConversation(recordingId)
      // It is empty: shown at once, with nothing to fetch.
      queryClient.setQueryData<ChatHistory>(chatKeys.history({ recordingId, sessionId: session.id }), {
        session,
        messages: [],
        offline: false,
      })
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(recordingId) })
      pick({ id: session.id, title: '' }, 'new')
    } catch {
      setFailed(true)
    } finally {
      setStarting(false)
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from any of the picker's controls closes its list; the wrapper is never focused itself
    <div className="chat-conversations" onKeyDown={(e) => open && e.key === 'Escape' && close()}>
      <div className="chat-conversations__bar">
        <h3 className="chat-conversations__title">
          <span className="visually-hidden">{CURRENT_CONVERSATION}: </span>
          {title || NEW_CONVERSATION}
        </h3>
        <button
          ref={toggle}
          type="button"
          className="button chat-conversations__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {CONVERSATIONS}
        </button>
        <button
          type="button"
          className="button chat-conversations__new"
          onClick={() => void startNew()}
          disabled={!online || starting}
        >
          {NEW_CONVERSATION}
        </button>
      </div>
      {failed && (
        <p className="chat__note" role="alert">
          {NEW_CONVERSATION_FAILED}
        </p>
      )}
      <div id={listId} hidden={!open}>
        {open && (
          <Suspense fallback={<ChatLoading label={LOADING_CONVERSATIONS} />}>
            <ConversationList recordingId={recordingId} currentId={currentId} onPick={(c) => pick(c)} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
