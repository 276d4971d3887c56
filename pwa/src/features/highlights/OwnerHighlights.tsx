import type { HighlighterProps } from '@/features/transcription/TranscriptionTab'
import HighlightsTab from './HighlightsTab'
import TranscriptHighlighter from './TranscriptHighlighter'

export type OwnerHighlightsProps = { recordingId: string } & Partial<HighlighterProps>

/**
 * The owner's highlights in one chunk (the detail page's own code is at its
 * budget): given the transcript's list, highlighting in the transcript;
 * else the Highlights tab.
 */
export default function OwnerHighlights(props: OwnerHighlightsProps) {
  const { listRef, segments, onMarks } = props
  if (listRef && segments && onMarks)
    return (
      <TranscriptHighlighter recordingId={props.recordingId} listRef={listRef} segments={segments} onMarks={onMarks} />
    )
  return <HighlightsTab recordingId={props.recordingId} />
}
