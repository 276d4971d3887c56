import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'wouter'
import type { StoredHighlight } from '@/data/db'
import { highlightEdits } from '@/data/highlights/lazy'
import { MAX_NOTE, noteProblem } from '@/data/highlights/quote'
import { useRecordingHighlights } from '@/data/highlights/useHighlights'
import { formatClock } from '@/data/time'
import type { HighlighterProps, SegmentMark, SegmentMarks } from '@/features/transcription/TranscriptionTab'
import { useToast } from '@/ui/toast/toastContext'
import { selectedRange, type SelectedRange } from './selection'

/**
 * The owner's highlighting in the transcript: selecting words (mouse,
 * keyboard or touch) shows a "Highlight" bar above the transcript; choosing
 * it asks for an optional note and saves the lines the selection covers.
 * The lines of existing highlights are marked, each with a button that
 * opens the highlight in the Highlights tab.
 */
export default function TranscriptHighlighter({ recordingId, segments, listRef, onMarks }: HighlighterProps) {
  const highlights = useRecordingHighlights(recordingId)
  const [, setParams] = useSearchParams()
  const selected = useSelectedRange(listRef, segments)
  const [form, setForm] = useState<SelectedRange | null>(null)
  const marks = useMemo<SegmentMarks>(
    () => ({
      bySegment: marksBySegment(highlights ?? [], segments),
      open: (id) => setParams({ tab: 'highlights', highlight: id }, { replace: true }),
    }),
    [highlights, segments, setParams],
  )
  useEffect(() => onMarks(marks), [marks, onMarks])
  const shown = form ?? selected
  return (
    <>
      {shown && (
        <div className="highlight-bar-anchor">
          <HighlightBar
            key={`${shown.first}-${shown.last}`}
            range={shown}
            recordingId={recordingId}
            segments={segments}
            open={form !== null}
            onOpen={() => setForm(shown)}
            onDone={() => {
              setForm(null)
              window.getSelection()?.removeAllRanges()
            }}
          />
        </div>
      )}
    </>
  )
}

/** The transcript range the page's selection covers, kept current. */
function useSelectedRange(
  listRef: HighlighterProps['listRef'],
  segments: HighlighterProps['segments'],
): SelectedRange | null {
  const [range, setRange] = useState<SelectedRange | null>(null)
  useEffect(() => {
    const read = () => {
      const next = selectedRange(window.getSelection(), listRef.current, segments)
      setRange((prev) => (prev && next && prev.first === next.first && prev.last === next.last ? prev : next))
    }
    read() // a selection made while this code was loading
    document.addEventListener('selectionchange', read)
    return () => document.removeEventListener('selectionchange', read)
  }, [listRef, segments])
  return range
}

function marksBySegment(highlights: StoredHighlight[], segments: HighlighterProps['segments']) {
  const out = new Map<number, SegmentMark[]>()
  for (const h of highlights) {
    const lines = segments.filter((s) => (s.end > s.start ? s.end : s.start + 1) > h.start && s.start < h.end)
    const label = `Highlight at ${formatClock(h.start)}${h.note ? `: ${h.note}` : ''}`
    // The button sits on the highlight's last line, after its words.
    const last = lines.at(-1)
    for (const s of lines) {
      const list = out.get(s.index) ?? []
      out.set(s.index, [...list, s === last ? { id: h.id, label } : { id: h.id }])
    }
  }
  return out
}

interface BarProps {
  range: SelectedRange
  recordingId: string
  segments: HighlighterProps['segments']
  open: boolean
  onOpen: () => void
  onDone: () => void
}

function HighlightBar({ range, recordingId, segments, open, onOpen, onDone }: BarProps) {
  const toast = useToast()
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const noteId = useId()
  const errorId = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (open) field.current?.focus()
  }, [open])
  const problem = noteProblem(note)
  const lines = range.last - range.first + 1
  const save = async () => {
    if (problem || saving) return
    setSaving(true)
    try {
      const edits = await highlightEdits()
      await edits.createHighlight({ recordingId, start: range.start, end: range.end, note, segments })
      toast.success('Highlight saved')
      onDone()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The highlight could not be saved')
      setSaving(false)
    }
  }
  return (
    <div
      className="highlight-bar"
      role="region"
      aria-label="Highlight the selection"
      // Pressing the bar must not take the selection away from the transcript.
      onPointerDown={(e) => {
        if (!open && !(e.target instanceof HTMLTextAreaElement)) e.preventDefault()
      }}
    >
      {!open ? (
        <>
          <span className="highlight-bar__what">
            {lines === 1 ? '1 line' : `${lines} lines`} selected, {formatClock(range.start)}–{formatClock(range.end)}
          </span>
          <button type="button" className="button button--primary" onClick={onOpen}>
            Highlight
          </button>
        </>
      ) : (
        <form
          className="highlight-bar__form"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <label htmlFor={noteId}>Note (optional)</label>
          <textarea
            id={noteId}
            ref={field}
            value={note}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onDone()
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={errorId}
          />
          <p id={errorId} className={problem ? 'highlight-bar__error' : 'highlight-bar__count'} aria-live="polite">
            {problem ?? `${[...note.trim()].length} / ${MAX_NOTE}`}
          </p>
          <div className="highlight-bar__actions">
            <button type="submit" className="button button--primary" disabled={saving || problem !== null}>
              Save highlight
            </button>
            <button type="button" className="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  )
}
