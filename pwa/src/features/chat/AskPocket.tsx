import { useState } from 'react'
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
    <Conversation
      key={`${recordingId}:${shareToken ?? ''}`}
      recordingId={recordingId}
      shareToken={shareToken}
      onShowSource={onShowSource}
      queueOffline={queueOffline}
    />
  )
}

function Conversation({ recordingId, shareToken, onShowSource, queueOffline }: AskPocketProps & { recordingId: string }) {
  const { idToken, user } = useAuth()
  // A user restored offline has a profile but no token yet: that is being offline, not signed out.
  const restoredOffline = !shareToken && !idToken && user !== null
  // A share token wins over a sign-in token (spec §6); either one lets you ask. The
  // owner may also ask while restored offline: the question is queued for later.
  const canAsk = Boolean(shareToken || idToken) || (queueOffline === true && restoredOffline)
  const chat = useChat({ recordingId, shareToken, canAsk, queueOffline })
  const [announcement, setAnnouncement] = useState('')
  const listRef = useStickToBottom(chat.messages)
  const offline = chat.offline || restoredOffline
  const note = offline ? OFFLINE_NOTE : canAsk ? null : AUTH_REQUIRED

  return (
    <div className="chat">
      {chat.error && (
        <div className="chat__banner" role="alert">
          <p>{chat.error}</p>
          <button type="button" className="icon-button chat__banner-close" aria-label="Dismiss" onClick={chat.dismissError}>
            ×
          </button>
        </div>
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
      <ChatComposer chips={chat.chips} disabled={!canAsk} sending={chat.sending} onSend={chat.send} />
    </div>
  )
}
