import type { ReactNode } from 'react'
import { askQuestion } from '@/data/sync/recordingEdits'
import { QuestionQueueContext, type QuestionQueue } from '@/features/chat/questionQueue'
import { useQueuedQuestions } from '@/features/chat/useQueuedQuestions'
import { SpeakerRenames } from '@/features/transcription/SpeakerRenames'
import { EditableDescription, EditableTitle, PendingMark } from './HeaderEdits'
import { OwnerEditsContext, type OwnerEdits } from './ownerEdits'

const EDITS: OwnerEdits = { Title: EditableTitle, Description: EditableDescription, PendingMark, SpeakerRenames }
const QUESTIONS: QuestionQueue = {
  useWaiting: useQueuedQuestions,
  ask: async (recordingId, text, sessionId) => void (await askQuestion(recordingId, text, sessionId)),
}

/** The owner's recording screen: editable, and questions asked offline are kept for later. */
export function OwnerEditsProvider({ children }: { children: ReactNode }) {
  return (
    <OwnerEditsContext.Provider value={EDITS}>
      <QuestionQueueContext.Provider value={QUESTIONS}>{children}</QuestionQueueContext.Provider>
    </OwnerEditsContext.Provider>
  )
}
