import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { PLACEHOLDER } from './texts'

interface Props {
  chips: readonly string[]
  disabled: boolean
  sending: boolean
  onSend: (text: string) => Promise<void>
  /** Focus the question box when shown (a new conversation was just started). */
  autoFocus?: boolean
}

/** The chips, the question box and the send button. */
export function ChatComposer({ chips, disabled, sending, onSend, autoFocus = false }: Props) {
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const input = useRef<HTMLTextAreaElement>(null)
  const refocus = useRef(false)
  const locked = disabled || sending
  const empty = draft.trim() === ''

  useEffect(() => {
    if (autoFocus) input.current?.focus()
  }, [autoFocus])

  // Disabling the box while sending drops its focus; give it back afterwards.
  useEffect(() => {
    if (sending || !refocus.current) return
    refocus.current = false
    input.current?.focus()
  }, [sending])

  const submit = () => {
    if (locked || empty) return
    refocus.current = document.activeElement === input.current
    const text = draft
    setDraft('')
    void onSend(text)
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an IME composition keeps Enter for itself.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }

  return (
    <div className="chat-composer">
      {chips.length > 0 && (
        <ul className="chat-chips" aria-label="Suggested questions">
          {chips.slice(0, 3).map((chip) => (
            <li key={chip}>
              <button type="button" className="chat-chip" disabled={locked} onClick={() => void onSend(chip)}>
                {chip}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="chat-form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          {PLACEHOLDER}
        </label>
        <textarea
          id={inputId}
          ref={input}
          className="chat-form__input"
          rows={1}
          placeholder={PLACEHOLDER}
          value={draft}
          disabled={locked}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-form__send"
          aria-label="Send"
          aria-busy={sending}
          disabled={locked || empty}
        >
          {sending ? <span className="spinner chat-form__spinner" aria-hidden="true" /> : <SendIcon />}
        </button>
      </form>
    </div>
  )
}

function SendIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" fill="currentColor" />
    </svg>
  )
}
