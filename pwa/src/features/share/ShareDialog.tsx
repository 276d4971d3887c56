import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { ShareLink } from '@/data/normalize/share'
import { CopyField } from './CopyField'
import { EXPIRY_OPTIONS } from './expiry'
import { ShareLinkList } from './ShareLinkList'
import { useShareLinks } from './useShareLinks'
import './share-dialog.css'

interface Props {
  recordingId: string
  title: string
  onClose: () => void
}

/**
 * A real modal dialog (<dialog>.showModal(): the page behind is inert, focus
 * stays inside, Escape closes) to create, copy and revoke share links.
 */
export function ShareDialog({ recordingId, title, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [expiry, setExpiry] = useState(EXPIRY_OPTIONS[0]!.value)
  const [created, setCreated] = useState<ShareLink | null>(null)
  const { links, create, revoke } = useShareLinks(recordingId)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (typeof dialog.showModal === 'function') {
      dialog.showModal()
    } else {
      // Environments without modal dialogs (jsdom): open it and move focus in, as showModal would.
      dialog.setAttribute('open', '')
      dialog.querySelector<HTMLElement>('button, select, input')?.focus()
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
    }
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const seconds = EXPIRY_OPTIONS.find((o) => o.value === expiry)?.seconds
    create.mutate(seconds, { onSuccess: setCreated })
  }

  return (
    <dialog
      ref={ref}
      className="share-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault() // React state closes it, so focus goes back to the trigger
        onClose()
      }}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="share-dialog__head">
        <h2 id={titleId}>Share recording</h2>
        <button type="button" className="button button--link" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="share-dialog__subject">{title}</p>
      <p className="share-dialog__note">Anyone with the link can view this recording without signing in.</p>

      <form className="share-dialog__create" onSubmit={submit}>
        <label htmlFor={`${titleId}-expiry`}>Link expires after</label>
        <select id={`${titleId}-expiry`} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </button>
      </form>
      {create.isError && (
        <p className="share-dialog__error" role="alert">
          Could not create the link. Please try again.
        </p>
      )}
      {created && <CopyField label="New share link" url={absoluteUrl(created.url)} autoFocus />}

      <h3 className="share-dialog__section">Share links</h3>
      <ShareLinkList
        links={links.data}
        loading={links.isPending}
        failed={links.isError}
        onRetry={() => void links.refetch()}
        revoking={revoke.isPending ? revoke.variables : undefined}
        revokeFailed={revoke.isError}
        onRevoke={(token) => revoke.mutate(token)}
        toUrl={absoluteUrl}
      />
    </dialog>
  )
}

/** The server sends absolute URLs; a bare path is made absolute on this origin. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}
