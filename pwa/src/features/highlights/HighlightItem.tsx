import { useId, useState, type ReactNode } from 'react'
import { setHighlightNote } from '@/data/highlights/edits'
import type { HighlightView } from '@/data/highlights/fold'
import { formatRange } from '@/data/normalize/transcript'

interface Props {
  highlight: HighlightView
  /** Where the passage is: a button to it in the transcript, or a link to its recording. */
  place: ReactNode
  onDelete: (h: HighlightView) => void
}

/** One highlight: its words, speakers, note (edited in place) and a delete. */
export function HighlightItem({ highlight: h, place, onDelete }: Props) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(h.note)
  const noteId = useId()
  const save = async () => {
    await setHighlightNote(h.id, draft)
    setEditing(false)
  }
  return (
    <li className="highlight" aria-label={`Highlight ${formatRange(h.start, h.end)}`}>
      <div className="highlight__meta">
        {place}
        {h.speakers.length > 0 && <span className="highlight__speakers">{h.speakers.join(', ')}</span>}
        {h.pending && <span className="highlight__pending">Waiting to sync</span>}
        {h.failed && <span className="highlight__failed">Not saved: {h.failed.message}</span>}
      </div>
      <blockquote className="highlight__text">{h.text || 'Quoting the transcript…'}</blockquote>
      {editing ? (
        <form
          className="highlight__note-form"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <label htmlFor={noteId}>Note</label>
          <textarea id={noteId} value={draft} maxLength={2000} rows={2} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="button">
            Save note
          </button>
          <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        h.note && <p className="highlight__note">{h.note}</p>
      )}
      {!editing && (
        <div className="highlight__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setDraft(h.note)
              setEditing(true)
            }}
          >
            {h.note ? 'Edit note' : 'Add note'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => onDelete(h)}>
            Delete
          </button>
        </div>
      )}
    </li>
  )
}
