import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Markdown } from '@/ui/markdown'
import { noteError, saveNote } from './noteEdits'
import { NoteStatus } from './NoteStatus'
import './notes.css'

interface Props {
  recordingId: string
  /** The note as the device shows it (queued edits laid over); '' when there is none. */
  note: string
}

/**
 * The Notes tab: the owner's own markdown note, read as rendered markdown
 * (the summaries' safe renderer) and edited in place. Save queues the edit
 * in the outbox, so it is kept offline and synced like a title; Ctrl+Enter
 * (⌘+Enter) saves, Escape cancels, and focus goes back to the Edit button.
 */
export default function NotesTab({ recordingId, note }: Props) {
  const [draft, setDraft] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  const editing = draft !== null

  useEffect(() => {
    if (!editing && refocus.current) editButton.current?.focus()
    refocus.current = false
  }, [editing])

  const close = () => {
    refocus.current = true
    setDraft(null)
  }
  const save = (text: string) => {
    if (noteError(text)) return
    if (text.trimEnd() !== note) {
      void saveNote(recordingId, text)
      setSaved(true)
    }
    close()
  }

  if (editing) return <NoteEditor draft={draft} onChange={setDraft} onSave={() => save(draft)} onCancel={close} />
  return (
    <section className="notes-tab" aria-label="Your note">
      {note ? (
        <Markdown source={note} className="notes-tab__note" headingLevel={3} />
      ) : (
        <div className="notes-tab__empty">
          <p className="notes-tab__empty-title">No note yet</p>
          <p className="notes-tab__hint">
            Write down what to remember about this recording, in markdown. Only you see it: share links never show it.
          </p>
        </div>
      )}
      <div className="notes-tab__actions">
        <button
          ref={editButton}
          type="button"
          className={note ? 'button' : 'button button--primary'}
          onClick={() => {
            setSaved(false)
            setDraft(note)
          }}
        >
          {note ? 'Edit note' : 'Write a note'}
        </button>
        <NoteStatus recordingId={recordingId} savedHere={saved} />
      </div>
    </section>
  )
}

interface EditorProps {
  draft: string
  onChange: (text: string) => void
  onSave: () => void
  onCancel: () => void
}

function NoteEditor({ draft, onChange, onSave, onCancel }: EditorProps) {
  const fieldId = useId()
  const hintId = useId()
  const errorId = useId()
  const error = noteError(draft)
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onCancel()
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      onSave()
    }
  }
  return (
    <form
      className="notes-tab notes-tab--editing"
      onSubmit={(e) => {
        e.preventDefault()
        onSave()
      }}
    >
      <label htmlFor={fieldId} className="notes-tab__label">
        Note
      </label>
      <textarea
        id={fieldId}
        className="notes-tab__field"
        rows={12}
        value={draft}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the user just asked to edit: the caret goes where they will type
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="notes-tab__hint">
        Markdown: **bold**, *italic*, - lists, # headings. Ctrl+Enter saves, Escape cancels.
      </p>
      {error && (
        <p id={errorId} className="notes-tab__error" role="alert">
          {error}
        </p>
      )}
      <div className="notes-tab__actions">
        <button type="submit" className="button button--primary" disabled={error !== null}>
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
