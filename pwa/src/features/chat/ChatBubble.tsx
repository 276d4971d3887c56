import { useEffect } from 'react'
import { Markdown } from '@/ui/markdown'
import { SyncIcon } from '@/ui/icons'
import { SourceLinks } from './SourceLinks'
import { QUEUED_FAILED_NOTE, QUEUED_NOTE, TYPING } from './texts'
import type { UiMessage } from './useChat'
import { useWordReveal } from './useWordReveal'

interface Props {
  message: UiMessage
  onShowSource?: (start: number) => void
  /** Called once a fresh reply is fully shown, with its text to announce. */
  onRevealed?: (text: string) => void
}

/** One message: the user's as plain text, the assistant's as safe markdown. */
export function ChatBubble({ message, onShowSource, onRevealed }: Props) {
  if (message.pending) {
    return (
      <li className="chat-bubble chat-bubble--assistant chat-bubble--pending">
        <span className="chat-typing" role="img" aria-label={TYPING}>
          <span /> <span /> <span />
        </span>
      </li>
    )
  }
  if (message.queued) return <QueuedBubble message={message} />
  if (message.role === 'user') {
    return (
      <li className="chat-bubble chat-bubble--user">
        <span className="visually-hidden">You: </span>
        <p className="chat-bubble__text">{message.content}</p>
      </li>
    )
  }
  return <AssistantBubble message={message} onShowSource={onShowSource} onRevealed={onRevealed} />
}

/** A question kept on the device until the server can answer it. */
function QueuedBubble({ message }: { message: UiMessage }) {
  const failed = message.queued === 'failed'
  return (
    <li className="chat-bubble chat-bubble--user chat-bubble--queued">
      <span className="visually-hidden">You: </span>
      <p className="chat-bubble__text">{message.content}</p>
      <p className="chat-bubble__queued">
        <SyncIcon label="Waiting to sync" size={14} />
        {failed ? `${QUEUED_FAILED_NOTE}: ${message.error ?? ''}` : QUEUED_NOTE}
      </p>
    </li>
  )
}

function AssistantBubble({ message, onShowSource, onRevealed }: Props) {
  const { shown, done } = useWordReveal(message.content, message.reveal === true)
  const content = message.content
  const fresh = message.reveal === true
  // Announced once per reply, when it is complete (onRevealed is a state setter: stable).
  useEffect(() => {
    if (done && fresh) onRevealed?.(content)
  }, [done, fresh, content, onRevealed])
  const failed = message.error !== null
  return (
    <li
      className={
        failed ? 'chat-bubble chat-bubble--assistant chat-bubble--failed' : 'chat-bubble chat-bubble--assistant'
      }
    >
      <span className="visually-hidden">Pocket: </span>
      {/* Word-by-word text is hidden from screen readers; the live region reads it once complete. */}
      <div aria-hidden={done ? undefined : true}>
        <Markdown source={shown} headingLevel={3} className="chat-bubble__markdown" />
      </div>
      {failed && <p className="chat-bubble__note">{message.error}</p>}
      {done && <SourceLinks sources={message.sources} onShowSource={onShowSource} />}
    </li>
  )
}
