import type { ReactNode } from 'react'
import type { ErrorScreenText } from './errorScreens'
import './recording-view.css'

interface Props {
  text: ErrorScreenText
  onRetry?: () => void
  /** Extra ways out (a link back to the list, to sign in). */
  children?: ReactNode
}

/** A full-screen load error: title, message, and what the reader can do next. */
export function LoadErrorScreen({ text, onRetry, children }: Props) {
  return (
    <section className="load-error" role="alert" aria-labelledby="load-error-title">
      <h1 id="load-error-title">{text.title}</h1>
      <p>{text.message}</p>
      <div className="load-error__actions">
        {text.retry && onRetry && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Retry
          </button>
        )}
        {children}
      </div>
    </section>
  )
}

/** The loading screen shown while a recording loads (spec §2). */
export function LoadingScreen({ label = 'Loading recording…' }: { label?: string }) {
  return (
    <div className="detail-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
