import type { ReactNode } from 'react'

interface Props {
  /** The group's name for screen readers, e.g. 'Revoke “nightly”?'. */
  label: string
  /** What confirming does, in a sentence. */
  children: ReactNode
  /** The danger button's text, and its text while the action runs. */
  confirm: string
  confirming: string
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
  className: string
}

/**
 * A confirmation in place of a destructive button, inside a list's row: a
 * sentence, Cancel (which takes the focus the button had) and the danger
 * button, both held while the action runs.
 */
export function InlineConfirm({ label, children, confirm, confirming, busy, onCancel, onConfirm, className }: Props) {
  return (
    <div role="group" aria-label={label} className={className}>
      <p>{children}</p>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation takes the focus of the button that opened it */}
      <button type="button" className="button" onClick={onCancel} disabled={busy} autoFocus>
        Cancel
      </button>
      <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
        {busy ? confirming : confirm}
      </button>
    </div>
  )
}
