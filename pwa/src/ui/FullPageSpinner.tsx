import { Logo } from './Logo'

/** Shown by the guard while auth state loads (spec §2). */
export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <Logo size={56} />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  )
}
