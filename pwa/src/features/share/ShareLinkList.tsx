import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { shareLinkState, type ShareLink } from '@/data/normalize/shareLink'
import type { ClipRange } from '@/data/shareLinks'
import { formatClock } from '@/data/time'
import { linkStatus } from '@/data/shareExpiry'

interface Props {
  links: ShareLink[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  /** The id of the link being revoked right now. */
  revoking: string | undefined
  revokeFailed: boolean
  onRevoke: (id: string) => void
  toUrl: (url: string) => string
  /** The ranges of the clips' highlights, by highlight id, once read. */
  clipRanges?: Map<string, ClipRange>
}

/** The recording's existing links, newest first, each with its state and, while active, Revoke. */
export function ShareLinkList(props: Props) {
  const { links, loading, failed, onRetry, revoking, revokeFailed, onRevoke, toUrl, clipRanges } = props
  if (loading) return <p role="status">Loading share links…</p>
  if (failed) {
    return (
      <p role="alert" className="share-dialog__error">
        Could not load share links.{' '}
        <button type="button" className="button button--link" onClick={onRetry}>
          Retry
        </button>
      </p>
    )
  }
  if (!links || links.length === 0) return <p className="share-dialog__muted">No share links yet.</p>
  return (
    <>
      {revokeFailed && (
        <p role="alert" className="share-dialog__error">
          Could not revoke the link. Please try again.
        </p>
      )}
      <ul className="share-links" aria-label="Share links">
        {links.map((link) => {
          const active = shareLinkState(link) === 'active'
          const created = formatShortDateTime(link.createdAt)
          const clip = link.highlightId === undefined ? undefined : clipLabel(clipRanges?.get(link.highlightId))
          return (
            <li key={link.id} className={`share-links__item${active ? '' : ' share-links__item--inactive'}`}>
              <span className="share-links__url">
                {clip && <strong>{clip} · </strong>}
                {link.url ? toUrl(link.url) : `Link ending in …${link.hint}`}
              </span>
              <span className="share-links__meta">
                Created {created} · {linkStatus(link)}
                {link.protected && ' · Password'}
                {!link.allowDownload && ' · No download'}
              </span>
              <span className="share-links__meta">{viewsLine(link)}</span>
              {active && (
                <button
                  type="button"
                  className="button button--danger"
                  aria-label={`Revoke ${clip ? clip.toLowerCase() : 'link'} created ${created}`}
                  disabled={revoking === link.id}
                  onClick={() => onRevoke(link.id)}
                >
                  {revoking === link.id ? 'Revoking…' : 'Revoke'}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}

/** "No views yet", "1 view · last Nov 20, 9:30", "12 views · last …". */
export function viewsLine(link: ShareLink): string {
  if (link.views === 0 || link.lastViewedAt === null) return 'No views yet'
  const count = link.views === 1 ? '1 view' : `${link.views} views`
  return `${count} · last ${formatShortDateTime(link.lastViewedAt)}`
}

/** A clip's row names its moment, "Clip 12:03–12:41"; "Clip" alone while (or if) its highlight's range is not known. */
export function clipLabel(range: ClipRange | undefined): string {
  return range ? `Clip ${formatClock(range.start)}–${formatClock(range.end)}` : 'Clip'
}
