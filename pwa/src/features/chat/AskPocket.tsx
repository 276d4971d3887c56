import { lazy, Suspense, useState } from 'react'
import type { PickedConversation } from '@/data/chatConversations'
import { useAuth } from '@/features/auth/AuthContext'
import { ChatBubble } from './ChatBubble'
import { ChatLoading } from './ChatLoading'
import { ChatComposer } from './ChatComposer'
import { AUTH_REQUIRED, LOADING_HISTORY, NO_RECORDING_TEXT, NO_RECORDING_TITLE, OFFLINE_NOTE } from './texts'
import { useChat } from './useChat'
import { useStickToBottom } from './useStickToBottom'
import './chat.css'

interface AskPocketProps {
  /** The recording to ask about; empty or missing shows 'No recording selected'. */
  recordingId?: string | null
  /** On the public shared page: the chat goes through the share-token endpoints. */
  shareToken?: string
  /** Opens the Transcription tab at a source's start (seconds). */
  onShowSource?: (start: number) => void
  /** The owner's chat: questions asked without a network are queued and sent later. */
  queueOffline?: boolean
}

/** Ask Pocket (spec §2 "Ask Pocket chat"): the conversation about one recording. */
export function AskPocket({ recordingId, shareToken, onShowSource, queueOffline }: AskPocketProps) {
  if (!recordingId) {
    return (
      <div className="chat chat--empty">
        <h3 className="chat__empty-title">{NO_RECORDING_TITLE}</h3>
        <p className="chat__empty-text">{NO_RECORDING_TEXT}</p>
      </div>
    )
  }
  return (
    <Conversations
      key={`${recordingId}:${shareToken ?? ''}`}
      recordingId={recordingId}
      shareToken={shareToken}
      onShowSource={onShowSource}
      queueOffline={queueOffline}
    />
  )
}

// Only the owner has several conversations: a share-link visitor's page never loads the picker.
const ConversationPicker = lazy(() => import('./ConversationPicker').then((m) => ({ default: m.ConversationPicker })))

type ConversationsProps = AskPocketProps & { recordingId: string }

/** Which conversation is shown: the latest until the owner picks or starts another. */
interface Shown {
  picked: PickedConversation | null
  /** How it was picked, so focus lands where the person goes on. */
  how?: 'listed' | 'new'
}

/** The owner may switch between their conversations; a visitor has one. */
function Conversations(props: ConversationsProps) {
  const [shown, setShown] = useState<Shown>({ picked: null })
  return (
    <Conversation
      key={shown.picked?.id ?? 'latest'}
      {...props}
      shown={shown}
      onPick={(picked, how) => setShown({ picked, how })}
    />
  )
}

interface ConversationProps extends ConversationsProps {
  shown: Shown
  onPick: (c: PickedConversation, how: 'listed' | 'new') => void
}

function Conversation({ recordingId, shareToken, onShowSource, queueOffline, shown, onPick }: ConversationProps) {
  const { idToken, user } = useAuth()
  // A user restored offline has a profile but no token yet: that is being offline, not signed out.
  const restoredOffline = !shareToken && !idToken && user !== null
  // A share token wins over a sign-in token (spec §6); either one lets you ask. The
  // owner may also ask while restored offline: the question is queued for later.
  const canAsk = Boolean(shareToken || idToken) || (queueOffline === true && restoredOffline)
  const chat = useChat({ recordingId, shareToken, canAsk, queueOffline, sessionId: shown.picked?.id })
  const [announcement, setAnnouncement] = useState('')
  const listRef = useStickToBottom(chat.messages)
  const offline = chat.offline || restoredOffline
  const note = offline ? OFFLINE_NOTE : canAsk ? null : AUTH_REQUIRED

  return (
    <div className="chat">
      {chat.error && (
        <div className="chat__banner" role="alert">
          <p>{chat.error}</p>
          <button
            type="button"
            className="icon-button chat__banner-close"
            aria-label="Dismiss"
            onClick={chat.dismissError}
          >
            ×
          </button>
        </div>
      )}
      {!shareToken && (
        <Suspense fallback={null}>
          <ConversationPicker
            recordingId={recordingId}
            currentId={chat.session?.id ?? shown.picked?.id}
            title={conversationTitle(chat, shown)}
            onPick={onPick}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a conversation picked from the list gives focus back to the picker's button
            autoFocus={shown.how === 'listed'}
          />
        </Suspense>
      )}
      {note && <p className="chat__note">{note}</p>}
      {chat.loading ? (
        <ChatLoading label={LOADING_HISTORY} />
      ) : (
        <ol className="chat__messages" ref={listRef} aria-label="Conversation">
          {chat.messages.map((m) => (
            <ChatBubble key={m.id} message={m} onShowSource={onShowSource} onRevealed={setAnnouncement} />
          ))}
        </ol>
      )}
      {/* Replies are announced once, whole, not word by word. */}
      <div className="visually-hidden" aria-live="polite">
        {announcement || chat.notice}
      </div>
      <ChatComposer
        chips={chat.chips}
        disabled={!canAsk}
        sending={chat.sending}
        onSend={chat.send}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a new conversation puts the cursor in the question box the person opened it for
        autoFocus={shown.how === 'new'}
      />
    </div>
  )
}

/**
 * A conversation is named by its first question; before one it is new ('').
 * One just started is named from the screen, before the server's answer does.
 */
function conversationTitle(chat: ReturnType<typeof useChat>, shown: Shown): string {
  const firstQuestion = chat.messages.find((m) => m.role === 'user')?.content ?? ''
  if (!firstQuestion || shown.how === 'new') return firstQuestion
  return chat.session?.title || shown.picked?.title || firstQuestion
}
