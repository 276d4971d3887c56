import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import type { HighlighterProps, SpeakerRenamesProps } from '@/features/transcription/TranscriptionTab'

export interface EditableTextProps {
  id: string
  value: string
  /** What shows, given the text (InlineEdit's children). */
  children: (text: string) => ReactNode
}

/**
 * What the owner's screen adds to a recording: its title, description,
 * speakers and note can be edited (queued, so offline too). Given by the owner's
 * detail page, so the shared page, which shows the same screen read-only,
 * loads none of the editing, the outbox or the device store.
 */
export interface OwnerEdits {
  Title: ComponentType<EditableTextProps>
  Description: ComponentType<EditableTextProps>
  /** The sync icon while any of the recording's edits waits to be sent. */
  PendingMark: ComponentType<{ id: string }>
  SpeakerRenames: ComponentType<SpeakerRenamesProps>
  /**
   * The owner's own panels, which a shared page never has: given a note, the
   * Notes tab; else the Highlights tab, or, given the transcript's list
   * (HighlighterProps), highlighting in the transcript.
   */
  Panel: (props: OwnerPanelProps) => ReactNode
}

export type OwnerPanelProps = { recordingId: string } & ({ note: string } | Partial<HighlighterProps>)

export const OwnerEditsContext = createContext<OwnerEdits | null>(null)

/** The owner's editing, or null on a read-only screen. */
export const useOwnerEdits = () => useContext(OwnerEditsContext)
