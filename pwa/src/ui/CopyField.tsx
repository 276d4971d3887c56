import { useEffect, useId, useRef, useState } from 'react'

interface Props {
  label: string
  url: string
  autoFocus?: boolean
  /** What is copied, for the button ("Copy link") and the hint when copying is not allowed. */
  noun?: string
}

/** A read-only link (or token) with a Copy button; says 'Copied' (politely announced) once copied. */
export function CopyField({ label, url, autoFocus, noun = 'link' }: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (autoFocus) button.current?.focus()
  }, [autoFocus, url])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setStatus('copied')
    } catch {
      // No clipboard permission: select the text so Ctrl+C / long-press works.
      input.current?.select()
      setStatus('failed')
    }
  }

  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input id={id} ref={input} readOnly value={url} onFocus={(e) => e.target.select()} />
        <button ref={button} type="button" className="button" onClick={() => void copy()}>
          Copy {noun}
        </button>
      </div>
      <p className="copy-field__status" aria-live="polite">
        {status === 'copied' ? 'Copied' : status === 'failed' ? `Press Ctrl+C to copy the selected ${noun}` : ''}
      </p>
    </div>
  )
}
