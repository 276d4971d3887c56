import {
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react'
import { formatRange, segmentIndexAt, type Transcript, type TranscriptSegment } from '@/data/normalize/transcript'
import { formatClock } from '@/data/time'
import { usePlayer } from '@/features/player/PlayerContext'
import { segmentPlayingAt } from './playing'
import { SPEAKER_COLORS } from './speakerColors'
import './transcription.css'

interface TranscriptionTabProps {
  transcript: Transcript
  /** Scroll to and highlight the segment starting at this time (seconds). */
  highlight?: { start: number }
  /** The recording whose speakers `renames` renames. */
  recordingId?: string
  /** The owner's renaming of speakers, given by the owner's screen only (the shared page loads none of it). */
  renames?: ComponentType<SpeakerRenamesProps>
  /** The owner's highlights (select words, choose Highlight; marks on the highlighted lines), given by the owner's screen only. */
  highlighter?: ComponentType<HighlighterProps>
}

export interface SpeakerRenamesProps {
  recordingId: string
  segments: TranscriptSegment[]
}

/** A highlight shown on a transcript line: activating it opens the highlight. */
export interface SegmentMark {
  id: string
  /** On the highlight's last line: the name of the button that opens it, e.g. 'Highlight at 0:05: the note'. */
  label?: string
}

export interface SegmentMarks {
  bySegment: ReadonlyMap<number, SegmentMark[]>
  open: (id: string) => void
}

export interface HighlighterProps extends SpeakerRenamesProps {
  /** The transcript's list, where a selection is read. */
  listRef: RefObject<HTMLOListElement | null>
  /** Gives the list the marks to draw (the list itself stays as it is: a selection in it is kept). */
  onMarks: (marks: SegmentMarks) => void
}

const NO_TRANSCRIPTION = 'No transcription available'
const NO_SEGMENTS = 'No transcription segments available'

/**
 * The Transcription tab (spec §2): one row per segment with the speaker's
 * coloured name and 'm:ss - m:ss'. Rows are plain DOM (no virtualisation) so
 * find-in-page and screen readers see the whole transcript; CSS
 * content-visibility lets the browser skip laying out rows off screen.
 */
export function TranscriptionTab({
  transcript,
  highlight,
  recordingId,
  renames: Renames,
  highlighter: Highlighter,
}: TranscriptionTabProps) {
  const { status, segments } = transcript
  const target = useMemo(() => (highlight ? segmentIndexAt(segments, highlight.start) : -1), [segments, highlight])
  const listRef = useRef<HTMLOListElement>(null)
  // With audio, the segment being spoken is the current one and stays in view.
  const player = usePlayer()
  const listening = player !== null && (player.playing || player.time > 0)
  const spoken = listening ? segmentPlayingAt(segments, player.time) : -1
  const active = listening ? spoken : target
  const seek = player?.seek
  const onSeek = useCallback((t: number) => seek?.(t, true), [seek])
  const [marks, setMarks] = useState<SegmentMarks>()

  useEffect(() => {
    if (spoken < 0 || !player?.playing) return
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${spoken}"]`)
    row?.scrollIntoView?.({ block: 'nearest' })
    // Only a new segment scrolls; pausing and resuming do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new segment scrolls, as said above
  }, [spoken])

  useEffect(() => {
    if (target < 0) return
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`)
    if (!row) return
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
    row.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' })
    row.focus({ preventScroll: true })
  }, [target, highlight])

  if (status !== 'ok') return <p className="transcript-empty">{status === 'none' ? NO_TRANSCRIPTION : NO_SEGMENTS}</p>
  return (
    <>
      {recordingId && Renames && <Renames recordingId={recordingId} segments={segments} />}
      {recordingId && Highlighter && (
        // Its code comes after the transcript has drawn: the lines show meanwhile, unmarked.
        <Suspense fallback={null}>
          <Highlighter recordingId={recordingId} segments={segments} listRef={listRef} onMarks={setMarks} />
        </Suspense>
      )}
      <ol className="transcript" ref={listRef} aria-label="Transcript">
        {segments.map((s) => (
          <Segment
            key={s.index}
            segment={s}
            active={s.index === active}
            onSeek={seek ? onSeek : undefined}
            marks={marks?.bySegment.get(s.index)}
            onOpenMark={marks?.open}
          />
        ))}
      </ol>
    </>
  )
}

interface SegmentProps {
  segment: TranscriptSegment
  active: boolean
  /** With audio: clicking the segment plays from its start. */
  onSeek?: (t: number) => void
  /** The highlights this line is part of. */
  marks?: SegmentMark[]
  onOpenMark?: (id: string) => void
}

const Segment = memo(function Segment({ segment, active, onSeek, marks, onOpenMark }: SegmentProps) {
  const timed = segment.end > 0 || segment.start > 0
  const seekable = onSeek && timed
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click anywhere on the line seeks; its "Play from" button is the same for the keyboard
    <li
      className={
        (active ? 'transcript__segment transcript__segment--active' : 'transcript__segment') +
        (seekable ? ' transcript__segment--seekable' : '')
      }
      data-index={segment.index}
      aria-current={active ? 'true' : undefined}
      tabIndex={active ? -1 : undefined}
      // A drag that selects words is not a click to play.
      onClick={seekable ? () => window.getSelection()?.isCollapsed !== false && onSeek(segment.start) : undefined}
    >
      <div className="transcript__meta">
        <span className="transcript__speaker" style={{ color: SPEAKER_COLORS[segment.colorIndex] }}>
          {segment.speakerLabel}
        </span>
        {seekable ? (
          <button
            type="button"
            className="transcript__time transcript__seek"
            aria-label={`Play from ${formatClock(segment.start)}`}
          >
            {formatRange(segment.start, segment.end)}
          </button>
        ) : timed ? (
          <span className="transcript__time">{formatRange(segment.start, segment.end)}</span>
        ) : null}
      </div>
      <p className="transcript__text">
        {marks?.length ? <mark className="transcript__mark">{segment.text}</mark> : segment.text}
      </p>
      {marks?.map(
        (m) =>
          m.label && (
            <button
              key={m.id}
              type="button"
              className="transcript__mark-open"
              aria-label={m.label}
              onClick={(e) => {
                e.stopPropagation() // not a seek of the line
                onOpenMark?.(m.id)
              }}
            >
              ✦
            </button>
          ),
      )}
    </li>
  )
})
