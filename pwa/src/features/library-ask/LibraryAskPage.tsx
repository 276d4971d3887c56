import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'wouter'
import { librarySessionsQuery, librarySuggestionsQuery } from '@/data/libraryChat'
import { ChatBubble } from '@/features/chat/ChatBubble'
import { ChatLoading } from '@/features/chat/ChatLoading'
import { ChatComposer } from '@/features/chat/ChatComposer'
import { useStickToBottom } from '@/features/chat/useStickToBottom'
import '@/features/chat/chat.css'
import { useLibraryChat } from './useLibraryChat'
import { useOnline } from '@/features/sync/useSyncState'
import { ScopeControl } from './scope/ScopeControl'
import { restoreScope } from './scope/restore'
import { toLibraryScope, WHOLE_LIBRARY, type UiScope } from './scope/scope'
import {
  BACK,
  CONVERSATION_LABEL,
  CONVERSATIONS_FAILED,
  INTRO,
  LOADING_CONVERSATIONS,
  LOADING_MESSAGES,
  NEW_CONVERSATION,
  NO_RECORDINGS,
  OFFLINE,
  PAGE_TITLE,
  RETRY,
} from './texts'
import './library-ask.css'

/**
 * /ask: Ask about all recordings. The conversation shown lives in ?c= (a
 * reload or Back keeps it); none is a new conversation, started by its first
 * question. Answers cite recordings as links to the passage.
 */
export default function LibraryAskPage() {
  const [params, setParams] = useSearchParams()
  const sessionId = params.get('c')
  // Remounts the conversation when the person picks another, not when a
  // new one gets its id from its first answer (its messages are on screen).
  const [shownKey, setShownKey] = useState(sessionId ?? 'new')
  const pick = (id: string | null) => {
    setShownKey(id ?? `new-${Date.now()}`)
    setParams(id ? { c: id } : {}, { replace: true })
  }
  // A new conversation keeps the scope as the person set it; each question
  // is sent with the scope shown when it is asked.
  const [scope, setScope] = useState<UiScope>(WHOLE_LIBRARY)
  // The conversation whose scope the chips show: a reopened one shows the scope its latest
  // question was asked in, once (after that the person's changes stand).
  const scopedFor = useRef<string | null>(null)
  const sessions = useQuery(librarySessionsQuery())
  useEffect(() => {
    const session = sessionId ? sessions.data?.find((s) => s.id === sessionId) : undefined
    if (!session || scopedFor.current === session.id) return
    scopedFor.current = session.id
    void restoreScope(session.scope ?? null).then((restored) => {
      if (scopedFor.current === session.id) setScope(restored)
    })
  }, [sessionId, sessions.data])
  const started = (id: string) => {
    scopedFor.current = id // its scope is the one on screen
    setParams({ c: id }, { replace: true })
  }

  return (
    <section className="library-ask" aria-labelledby="library-ask-title">
      <Link to="/recordings" className="library-ask__back">
        ← {BACK}
      </Link>
      <h1 id="library-ask-title">{PAGE_TITLE}</h1>
      <p className="library-ask__intro">{INTRO}</p>
      <Conversations current={sessionId} onPick={pick} />
      <ScopeControl scope={scope} onChange={setScope} />
      <Conversation key={shownKey} sessionId={sessionId} onStarted={started} scope={scope} />
    </section>
  )
}

/** The picker: the person's library conversations and a new one. */
function Conversations({ current, onPick }: { current: string | null; onPick: (id: string | null) => void }) {
  const sessions = useQuery(librarySessionsQuery())
  const selectId = useId()
  if (sessions.isPending) {
    return (
      <p className="library-ask__status" role="status">
        <span className="spinner" aria-hidden="true" /> {LOADING_CONVERSATIONS}
      </p>
    )
  }
  if (sessions.isError) {
    return (
      <div className="library-ask__status" role="alert">
        <span>{CONVERSATIONS_FAILED}</span>
        <button type="button" className="button" onClick={() => void sessions.refetch()}>
          {RETRY}
        </button>
      </div>
    )
  }
  const list = sessions.data
  return (
    <div className="library-ask__picker">
      {list.length > 0 && (
        <>
          <label htmlFor={selectId}>{CONVERSATION_LABEL}</label>
          <select id={selectId} value={current ?? ''} onChange={(e) => onPick(e.target.value || null)}>
            <option value="">{NEW_CONVERSATION}</option>
            {list.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="button" className="button" onClick={() => onPick(null)} disabled={current === null}>
        {NEW_CONVERSATION}
      </button>
    </div>
  )
}

interface ConversationProps {
  sessionId: string | null
  onStarted: (id: string) => void
  scope: UiScope
}

function Conversation({ sessionId, onStarted, scope }: ConversationProps) {
  const chat = useLibraryChat(sessionId, onStarted)
  const suggestions = useQuery(librarySuggestionsQuery())
  const online = useOnline()
  const [announcement, setAnnouncement] = useState('')
  const listRef = useStickToBottom(chat.messages)
  const empty = !chat.loading && chat.messages.length === 0 && !chat.loadFailed

  return (
    <div className="chat library-ask__chat">
      {chat.error && (
        <div className="chat__banner" role="alert">
          <p>{chat.error}</p>
          {chat.loadFailed ? (
            <button type="button" className="button" onClick={chat.retry}>
              {RETRY}
            </button>
          ) : (
            <button
              type="button"
              className="icon-button chat__banner-close"
              aria-label="Dismiss"
              onClick={chat.dismissError}
            >
              ×
            </button>
          )}
        </div>
      )}
      {!online && <p className="chat__note">{OFFLINE}</p>}
      {chat.loading ? (
        <ChatLoading label={LOADING_MESSAGES} />
      ) : (
        <ol className="chat__messages" ref={listRef} aria-label="Conversation">
          {chat.messages.map((m) => (
            <ChatBubble key={m.id} message={m} onRevealed={setAnnouncement} />
          ))}
        </ol>
      )}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {empty && suggestions.data?.length === 0 && <p className="chat__note">{NO_RECORDINGS}</p>}
      <ChatComposer
        chips={empty ? (suggestions.data ?? []).map((s) => s.text) : []}
        disabled={!online}
        sending={chat.sending}
        onSend={(text) => chat.send(text, toLibraryScope(scope))}
      />
    </div>
  )
}
