import { createContext, useContext } from 'react'
import type { UiMessage } from './uiMessage'

/** Which conversation is shown: its id (once known), and whether it is the latest rather than one picked. */
export interface ShownConversation {
  sessionId?: string
  latest: boolean
}

/**
 * The owner's questions kept for later: asked while the server cannot be
 * reached, they wait in the outbox and are sent by sync. Provided by the
 * owner's screen only, so the shared page's code never loads the outbox or
 * the device store.
 */
export interface QuestionQueue {
  /** A hook: the questions waiting for the conversation shown, as bubbles marked queued. */
  useWaiting: (recordingId: string, shown: ShownConversation) => UiMessage[]
  /** Queues a question; resolves once it is stored on the device. */
  ask: (recordingId: string, text: string, sessionId: string) => Promise<void>
}

export const QuestionQueueContext = createContext<QuestionQueue | null>(null)

const NONE: UiMessage[] = []
const noneWaiting = (): UiMessage[] => NONE

/** The queue of the screen, if it has one. */
export const useQuestionQueue = () => useContext(QuestionQueueContext)

/**
 * The queued questions to show, or none when questions are not queued here.
 * The queue is fixed for a mounted screen (the owner's screen remounts when
 * its owner changes), so the hooks called stay the same between renders.
 */
export function useWaitingQuestions(
  queue: QuestionQueue | null,
  enabled: boolean,
  recordingId: string,
  shown: ShownConversation,
): UiMessage[] {
  const useWaiting = queue?.useWaiting ?? noneWaiting
  const waiting = useWaiting(enabled ? recordingId : '', shown)
  return enabled ? waiting : NONE
}
