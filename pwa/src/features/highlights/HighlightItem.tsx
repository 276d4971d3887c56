import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { StoredHighlight } from '@/data/db'
import { highlightEdits } from '@/data/highlights/lazy'
import { noteProblem } from '@/data/highlights/quote'
import { formatClock } from '@/data/time'
import { useToast, type Toaster } from '@/ui/toast/toastContext'
import { ShareClipButton } from './clip/ShareClipButton'

export const DELETED_TOAST = 'Highlight deleted'
export const TOO_LATE_TOAST = 'Too late to undo: the highlight was already deleted'

interface Props {
  highlight: StoredHighlight
  /** The time, as the list offers it: a button that plays from it, or a link to the recording there. */
  time: ReactNode
  /** Above the text, e.g. the recording's title on the library page. */
  heading?: ReactNode
  /** Focused and outlined: the highlight a mark in the transcript opened. */
  target?: boolean
}

/**
 * One highlight: its time, speakers, words and note; the note is edited in
 * place, Delete removes it at once with an Undo toast, and Share clip makes
 * a link to just that moment (its dialog loads when first opened).
 */
export function HighlightItem({ highlight: h, time, heading, target }: Props) {
  const [draft, setDraft] = useState<string | null>(null)
  // A saved note shows as soon as the editor closes: the device's read answers a moment later (a
  // transition), and until then `h` is the row the note was saved over, whose note is the old one.
  const [saved, setSaved] = useState<{ over: StoredHighlight; note: string } | null>(null)
  const note = saved?.over === h ? saved.note : h.note
  const toast = useToast()
  const self = useRef<HTMLLIElement>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (!target) return
    self.current?.scrollIntoView?.({ block: 'center' })
    self.current?.focus({ preventScroll: true })
  }, [target])
  useEffect(() => {
    if (draft === null && refocus.current) editButton.current?.focus()
    refocus.current = false
  }, [draft])
  const close = () => {
    refocus.current = true
    setDraft(null)
  }
  const label = `Highlight at ${formatClock(h.start)}`
  return (
    <li
      ref={self}
      className={target ? 'highlight highlight--target' : 'highlight'}
      aria-label={label}
      tabIndex={-1}
      data-highlight-id={h.id}
    >
      {heading}
      <div className="highlight__meta">
        {time}
        {h.speakers.length > 0 && <span className="highlight__speakers">{h.speakers.join(', ')}</span>}
      </div>
      <blockquote className="highlight__text">{h.text || '…'}</blockquote>
      {draft !== null ? (
        <NoteEditor
          draft={draft}
          onChange={setDraft}
          onCancel={close}
          onSave={async () => {
            setSaved({ over: h, note: await (await highlightEdits()).setHighlightNote(h.id, draft) })
            close()
          }}
        />
      ) : (
        <>
          {note && <p className="highlight__note">{note}</p>}
          <div
            className="highlight__actions"
            role="group"
            aria-label={`Actions of the highlight at ${formatClock(h.start)}`}
          >
            <button ref={editButton} type="button" className="button" onClick={() => setDraft(note)}>
              {note ? 'Edit note' : 'Add note'}
            </button>
            <ShareClipButton highlightId={h.id} />
            <button type="button" className="button" onClick={() => void remove(h.id, toast)}>
              Delete
            </button>
          </div>
        </>
      )}
    </li>
  )
}

async function remove(id: string, toast: Toaster): Promise<void> {
  const edits = await highlightEdits()
  const row = await edits.deleteHighlight(id)
  const left = edits.undoWindowLeft(row)
  if (left === 0) return toast.info(DELETED_TOAST)
  const undo = async () => {
    if (!(await edits.undoDeleteHighlight(row))) toast.error(TOO_LATE_TOAST)
  }
  toast.info(DELETED_TOAST, { duration: left, action: { label: 'Undo', onClick: () => void undo() } })
}

interface EditorProps {
  draft: string
  onChange: (note: string) => void
  onSave: () => Promise<void>
  onCancel: () => void
}

function NoteEditor({ draft, onChange, onSave, onCancel }: EditorProps) {
  const id = useId()
  const errorId = useId()
  const problem = noteProblem(draft)
  const field = useRef<HTMLTextAreaElement>(null)
  // Opened by the user's Edit note: the note is where they type.
  useEffect(() => field.current?.focus(), [])
  return (
    <form
      className="highlight__note-edit"
      onSubmit={(e) => {
        e.preventDefault()
        if (!problem) void onSave()
      }}
    >
      <label htmlFor={id}>Note</label>
      <textarea
        id={id}
        value={draft}
        rows={3}
        ref={field}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel()
        }}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={errorId}
      />
      <p id={errorId} className="highlights__error" aria-live="polite">
        {problem}
      </p>
      <div className="highlight__actions">
        <button type="submit" className="button button--primary" disabled={problem !== null}>
          Save note
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
