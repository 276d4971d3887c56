import { lazy, useEffect, type ReactNode } from 'react'
import { recordingEdits } from '@/data/sync/lazyEdits'
import { QuestionQueueContext, type QuestionQueue } from '@/features/chat/questionQueue'
import { useQueuedQuestions } from '@/features/chat/useQueuedQuestions'
import { SpeakerRenames } from '@/features/transcription/SpeakerRenames'
import { EditableDescription, EditableTitle, PendingMark } from './HeaderEdits'
import { OwnerEditsContext, type OwnerEdits } from './ownerEdits'

// The owner's panels (the note's editor, the highlights) load when first shown (the detail route is at its budget).
const OwnerPanel = lazy(() => import('./ownerPanels'))
const EDITS: OwnerEdits = {
  Title: EditableTitle,
  Description: EditableDescription,
  PendingMark,
  SpeakerRenames,
  Panel: OwnerPanel,
}
const QUESTIONS: QuestionQueue = {
  useWaiting: useQueuedQuestions,
  ask: async (recordingId, text, sessionId) =>
    void (await (await recordingEdits()).askQuestion(recordingId, text, sessionId)),
}

/** The owner's recording screen: editable, and questions asked offline are kept for later. */
export function OwnerEditsProvider({ children }: { children: ReactNode }) {
  // The edits' code comes after the screen has drawn, so the first save is queued (and shown) at once.
  // A failed load (a deploy replaced the chunk) is tried again on the first save.
  useEffect(() => void recordingEdits().catch(() => {}), [])
  return (
    <OwnerEditsContext.Provider value={EDITS}>
      <QuestionQueueContext.Provider value={QUESTIONS}>{children}</QuestionQueueContext.Provider>
    </OwnerEditsContext.Provider>
  )
}
