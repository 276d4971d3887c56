import type { ChatMessage } from '@/data/normalize/chat'

/** A message as the panel shows it. */
export interface UiMessage extends ChatMessage {
  /** The placeholder assistant message: shows the typing indicator. */
  pending?: boolean
  /** A fresh reply: revealed word by word. */
  reveal?: boolean
  /** A question asked offline, waiting in the outbox (failed: the server refused it). */
  queued?: 'pending' | 'failed'
}
