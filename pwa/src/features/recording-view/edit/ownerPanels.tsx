import { lazy } from 'react'
import type { OwnerPanelProps } from './ownerEdits'

const NotesTab = lazy(() => import('@/features/notes/NotesTab'))
const OwnerHighlights = lazy(() => import('@/features/highlights/OwnerHighlights'))

/**
 * The owner's own panels, loaded as one small chunk the first time one is
 * shown (the detail page's code is at its budget): given a note, the Notes
 * tab; else the highlights (with the transcript's list, the Highlight bar
 * and marks; without, the Highlights tab). Each loads its own code.
 */
export default function OwnerPanel(props: OwnerPanelProps) {
  return 'note' in props ? (
    <NotesTab recordingId={props.recordingId} note={props.note} />
  ) : (
    <OwnerHighlights {...props} />
  )
}
