import { useSearchParams } from 'wouter'
import { useRecordingHighlights } from '@/data/highlights/useHighlights'
import { formatClock } from '@/data/time'
import { usePlayer } from '@/features/player/PlayerContext'
import { HighlightItem } from './HighlightItem'

/**
 * The Highlights tab of the owner's recording: its highlights in transcript
 * order, each playable from its time when the recording has audio. A mark
 * in the transcript opens this tab at its highlight (?highlight=<id>).
 */
export default function HighlightsTab({ recordingId }: { recordingId: string }) {
  const highlights = useRecordingHighlights(recordingId)
  const [params] = useSearchParams()
  const target = params.get('highlight')
  const player = usePlayer()
  if (!highlights) return <p role="status">Loading highlights…</p>
  if (highlights.length === 0)
    return (
      <div className="highlights-empty">
        <p>No highlights yet</p>
        <p>Select words in the transcript and choose Highlight to keep a passage here, with a note if you like.</p>
      </div>
    )
  return (
    <ul className="highlights" aria-label="Highlights">
      {highlights.map((h) => (
        <HighlightItem
          key={h.id}
          highlight={h}
          target={h.id === target}
          time={
            player ? (
              <button
                type="button"
                className="transcript__seek"
                aria-label={`Play from ${formatClock(h.start)}`}
                onClick={() => player.seek(h.start, true)}
              >
                {formatClock(h.start)}–{formatClock(h.end)}
              </button>
            ) : (
              <span>
                {formatClock(h.start)}–{formatClock(h.end)}
              </span>
            )
          }
        />
      ))}
    </ul>
  )
}
