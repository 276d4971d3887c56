import { useEffect, useId, useRef, useState } from 'react'
import { createHighlight } from '@/data/highlights/edits'
import { useRecordingHighlights } from '@/data/highlights/useHighlights'
import { formatRange } from '@/data/normalize/transcript'
import type { HighlighterProps } from '@/features/transcription/TranscriptionTab'
import './highlights.css'

interface Draft {
  first: number
  last: number
}

/** The segment index of the transcript row holding node, or -1. */
function rowIndex(node: Node | null): number {
  const el = node instanceof Element ? node : node?.parentElement
  const li = el?.closest<HTMLElement>('li[data-index]')
  return li ? Number(li.dataset.index) : -1
}

/**
 * On the owner's transcript: selecting words (or a line's Mark line button)
 * offers "Highlight" with an optional note; highlighted lines are marked.
 */
export default function TranscriptHighlighter({
  recordingId,
  segments,
  listRef,
  onMarked,
  requested,
}: HighlighterProps) {
  const [draft, setDraft] = useState<Draft | null>(null)
  const [note, setNote] = useState('')
  const [said, setSaid] = useState('')
  const noteRef = useRef<HTMLInputElement>(null)
  const noteId = useId()
  const highlights = useRecordingHighlights(recordingId)

  useEffect(() => {
    const marked = new Set<number>()
    for (const h of highlights ?? [])
      for (const s of segments) {
        const end = s.end > s.start ? s.end : s.start + 1
        if (end > h.start && s.start < h.end) marked.add(s.index)
      }
    onMarked(marked)
  }, [highlights, segments, onMarked])

  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection()
      const list = listRef.current
      if (!sel || sel.isCollapsed || !list || !sel.anchorNode || !sel.focusNode) return
      if (!list.contains(sel.anchorNode) || !list.contains(sel.focusNode)) return
      const a = rowIndex(sel.anchorNode)
      const b = rowIndex(sel.focusNode)
      if (a < 0 || b < 0) return
      setDraft({ first: Math.min(a, b), last: Math.max(a, b) })
      setSaid('')
    }
    document.addEventListener('selectionchange', onSelection)
    return () => document.removeEventListener('selectionchange', onSelection)
  }, [listRef])

  // A line's Mark line button asks for that line: taken while rendering (no effect), then the note is focused.
  const [seen, setSeen] = useState(requested)
  if (requested !== seen) {
    setSeen(requested)
    if (requested !== null) {
      setDraft({ first: requested, last: requested })
      setSaid('')
    }
  }
  useEffect(() => {
    if (requested !== null) noteRef.current?.focus()
  }, [requested])

  const first = draft && segments[draft.first]
  const last = draft && segments[draft.last]
  const range = first && last ? { start: first.start, end: Math.max(last.end, last.start + 1) } : null
  const save = async () => {
    if (!range) return
    await createHighlight(recordingId, range.start, range.end, note)
    setDraft(null)
    setNote('')
    setSaid('Highlighted')
    document.getSelection()?.removeAllRanges()
  }

  return (
    <div className="highlighter" role="region" aria-label="Highlight">
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {range && (
        <form
          className="highlighter__bar"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <span className="highlighter__range">{formatRange(range.start, range.end)}</span>
          <label htmlFor={noteId} className="visually-hidden">
            Note (optional)
          </label>
          <input
            id={noteId}
            ref={noteRef}
            value={note}
            maxLength={2000}
            placeholder="Note (optional)"
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className="button">
            Highlight
          </button>
          <button type="button" className="button button--ghost" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  )
}
