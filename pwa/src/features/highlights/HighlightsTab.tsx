import { useRecordingHighlights } from '@/data/highlights/useHighlights'
import { formatRange } from '@/data/normalize/transcript'
import { HighlightItem } from './HighlightItem'
import { useUndoableDelete } from './useUndoableDelete'
import './highlights.css'

export interface HighlightsTabProps {
  recordingId: string
  /** Opens the transcript at this time (seconds). */
  onShow: (start: number) => void
}

/** The recording's Highlights tab: its marked passages in order, their notes edited here, deleted with Undo. */
export default function HighlightsTab({ recordingId, onShow }: HighlightsTabProps) {
  const highlights = useRecordingHighlights(recordingId)
  const { remove, status } = useUndoableDelete()
  if (!highlights) return <p className="highlights-empty">Loading highlights…</p>
  return (
    <section className="highlights" aria-label="Highlights">
      {status}
      {highlights.length === 0 ? (
        <p className="highlights-empty">
          No highlights yet. Select words in the transcript (or use a line&apos;s “Mark line” button) and choose
          Highlight.
        </p>
      ) : (
        <ol className="highlights__list">
          {highlights.map((h) => (
            <HighlightItem
              key={h.id}
              highlight={h}
              onDelete={(x) => void remove(x)}
              place={
                <button type="button" className="highlight__time" onClick={() => onShow(h.start)}>
                  <span className="visually-hidden">Show in transcript: </span>
                  {formatRange(h.start, h.end)}
                </button>
              }
            />
          ))}
        </ol>
      )}
    </section>
  )
}
