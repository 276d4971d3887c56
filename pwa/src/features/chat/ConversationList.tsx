import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { conversationsQuery, type PickedConversation } from '@/data/chatConversations'
import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { ChatLoading } from './ChatLoading'
import { CONVERSATION_LIST_LABEL, CONVERSATIONS_FAILED, LOADING_CONVERSATIONS, NEW_CONVERSATION, RETRY } from './texts'

interface Props {
  recordingId: string
  currentId: string | undefined
  onPick: (c: PickedConversation) => void
}

/**
 * The owner's conversations about a recording, latest activity first, each a
 * button with its title and date; the one shown is marked current. Focus
 * moves to the first one when the list opens, so the keyboard can go on.
 */
export default function ConversationList({ recordingId, currentId, onPick }: Props) {
  const list = useQuery(conversationsQuery(recordingId))
  const firstRef = useRef<HTMLButtonElement>(null)
  const loaded = list.isSuccess
  useEffect(() => {
    if (loaded) firstRef.current?.focus()
  }, [loaded])

  if (list.isPending) return <ChatLoading label={LOADING_CONVERSATIONS} />
  if (list.isError) {
    return (
      <div className="chat__note" role="alert">
        <span>{CONVERSATIONS_FAILED}</span>{' '}
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {RETRY}
        </button>
      </div>
    )
  }
  return (
    <ul className="chat-conversations__list" aria-label={CONVERSATION_LIST_LABEL}>
      {list.data.map((c, i) => (
        <li key={c.id}>
          <button
            ref={i === 0 ? firstRef : undefined}
            type="button"
            className="chat-conversations__item"
            aria-current={c.id === currentId ? 'true' : undefined}
            onClick={() => onPick({ id: c.id, title: c.title })}
          >
            <span className="chat-conversations__item-title">{c.title || NEW_CONVERSATION}</span>
            <span className="chat-conversations__item-date">{formatShortDateTime(Date.parse(c.updatedAt))}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
