import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react'
import { PencilIcon } from '@/ui/icons'
import './inline-edit.css'

/** The props InlineEdit gives its text box; a custom field spreads them on its <input>. */
export interface InlineFieldProps {
  className: string
  'aria-label': string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  value: string
  autoFocus: true
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  onKeyDown: (e: KeyboardEvent) => void
  onBlur: () => void
}

interface Props {
  /** The text as stored ('' when there is none). */
  value: string
  /**
   * What shows when not editing, given the text: the one just saved until the
   * store answers with it (value changes), else value.
   */
  children: (text: string) => ReactNode
  /** The textbox's name, e.g. 'Title'. */
  label: string
  /** The pencil button's name, e.g. 'Edit title'. */
  editLabel: string
  /** A visible button text instead of the bare pencil (e.g. 'Add description' when empty). */
  editText?: string
  multiline?: boolean
  /** The message to show, or null when the text may be saved. */
  validate: (text: string) => string | null
  /** Saves the text; a promise that rejects puts back what was stored. */
  onSave: (text: string) => unknown
  /**
   * A field of one's own instead of the plain text box (e.g. one offering
   * suggestions). commit(text) saves that text at once, as Enter would.
   */
  renderField?: (field: InlineFieldProps, commit: (text: string) => void) => ReactNode
}

/**
 * Click-to-edit text: a pencil button opens a labelled textbox; Enter or
 * leaving the box saves, Escape cancels. Either way focus goes back to the
 * pencil. Text that breaks a rule stays in the box with the reason, never
 * dropped. A saved text shows at once, in the frame that closes the box: the
 * store's answer comes a few tens of milliseconds later (more on a device
 * holding a large library), and the old text must not show in between.
 */
export function InlineEdit({
  value,
  children,
  label,
  editLabel,
  editText,
  multiline,
  validate,
  onSave,
  renderField,
}: Props) {
  const [draft, setDraft] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [stored, setStored] = useState(value)
  if (value !== stored) {
    // The store answered: with the saved text, or with a change made elsewhere since.
    setStored(value)
    setSaved(null)
  }
  const button = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  // Set once Enter or Escape closed the box: the blur of its removal must not save again.
  const closed = useRef(false)
  const errorId = useId()
  const editing = draft !== null
  const error = editing ? validate(draft) : null

  useEffect(() => {
    if (!editing && refocus.current) button.current?.focus()
    refocus.current = false
  }, [editing])

  const close = () => {
    closed.current = true
    refocus.current = true
    setDraft(null)
  }
  const saveText = (text: string | null) => {
    if (text === null || validate(text) || closed.current) return
    if (text.trim() !== value.trim()) {
      setSaved(text.trim())
      Promise.resolve(onSave(text)).catch(() => setSaved(null))
    }
    close()
  }
  const save = () => saveText(draft)
  // A chosen text that breaks a rule stays in the box with its reason.
  const commit = (text: string) => {
    setDraft(text)
    saveText(text)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
      e.preventDefault()
      save()
    }
  }

  if (!editing) {
    return (
      <div className="inline-edit">
        {children(saved ?? value)}
        <button
          ref={button}
          type="button"
          className={editText ? 'button button--link inline-edit__button' : 'icon-button inline-edit__button'}
          aria-label={editText ? undefined : editLabel}
          onClick={() => {
            closed.current = false
            setDraft(value)
          }}
        >
          <PencilIcon size={editText ? 16 : 18} />
          {editText}
        </button>
      </div>
    )
  }
  const field: InlineFieldProps = {
    className: 'inline-edit__field',
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    value: draft,
    autoFocus: true,
    onChange: (e) => setDraft(e.target.value),
    onKeyDown,
    // Leaving the box keeps what was typed: it is saved, or stays with its reason.
    onBlur: save,
  }
  return (
    <div className="inline-edit inline-edit--editing">
      {renderField ? (
        // eslint-disable-next-line react-hooks/refs -- renderField only hands these to the field as props; the refs they use are read in its events
        renderField(field, commit)
      ) : multiline ? (
        <textarea rows={3} {...field} />
      ) : (
        <input type="text" enterKeyHint="done" {...field} />
      )}
      {error && (
        <p id={errorId} className="inline-edit__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
