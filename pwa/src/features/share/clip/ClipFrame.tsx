import type { ReactNode } from 'react'
import { MARKETING_URL } from '@/ui/brand'
import { Logo } from '@/ui/Logo'
import type { ClipErrorText } from './clipTexts'

/*
 * The shared page's frame, error and loading screens as ../SharedFrame and
 * recording-view/LoadErrorScreen draw them (same markup and class names; the
 * rules are in clip.css). Drawn here rather than imported so the shared
 * recording's chunk keeps those modules (see clipTexts.ts).
 */

/** The brand bar and the main column. */
export function ClipFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shared">
      <header className="shared__header">
        <Logo size={28} title="Pocket" />
        <a className="button" href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
          Get your Pocket
        </a>
      </header>
      <main className="shared__main">{children}</main>
    </div>
  )
}

/** Why the clip does not open, and Retry where trying again can help. */
export function ClipError({ text, onRetry }: { text: ClipErrorText; onRetry?: () => void }) {
  return (
    <section className="load-error" role="alert" aria-labelledby="clip-error-title">
      <h1 id="clip-error-title">{text.title}</h1>
      <p>{text.message}</p>
      {text.retry && onRetry && (
        <div className="load-error__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
    </section>
  )
}

export function ClipLoading({ label }: { label: string }) {
  return (
    <div className="detail-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
