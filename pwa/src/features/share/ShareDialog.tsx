import { useId, useState, type FormEvent } from 'react'
import { hasStatus, isApiError, limitMessage } from '@/data/api/errors'
import type { ShareLink } from '@/data/normalize/shareLink'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { CopyField } from '@/ui/CopyField'
import { LinkOptionFields, type LinkOptions } from '@/ui/LinkOptionFields'
import { EXPIRY_OPTIONS } from '@/data/shareExpiry'
import { absoluteUrl } from '@/data/shareLinks'
import { ShareLinkList } from './ShareLinkList'
import { useShareLinks } from './useShareLinks'
import './share-dialog.css'

interface Props {
  recordingId: string
  title: string
  onClose: () => void
}

/** A modal dialog to create, copy and revoke share links. */
export function ShareDialog({ recordingId, title, onClose }: Props) {
  const titleId = useId()
  const [options, setOptions] = useState<LinkOptions>({
    expiry: EXPIRY_OPTIONS[0]!.value,
    password: '',
    allowDownload: true,
  })
  const [created, setCreated] = useState<ShareLink | null>(null)
  const { links, clipRanges, create, revoke } = useShareLinks(recordingId)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { expiry, password, allowDownload } = options
    const expiresIn = EXPIRY_OPTIONS.find((o) => o.value === expiry)?.seconds
    create.mutate(
      { expiresIn, password, allowDownload: allowDownload ? undefined : false }, // on is the server's default
      {
        onSuccess: (link) => {
          setCreated(link)
          setOptions((o) => ({ ...o, password: '' })) // the next link starts open again; this one's password is the owner's to pass on
        },
      },
    )
  }

  return (
    <ModalDialog title="Share recording" className="share-dialog" onClose={onClose} closeButton>
      <p className="share-dialog__subject">{title}</p>
      <p className="share-dialog__note">Anyone with the link can view this recording without signing in.</p>

      <form className="share-dialog__create" onSubmit={submit}>
        <LinkOptionFields id={titleId} value={options} onChange={setOptions} />
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </button>
      </form>
      {create.isError && (
        <p className="share-dialog__error" role="alert">
          {limitMessage(create.error) ?? invalidMessage(create.error) ?? 'Could not create the link. Please try again.'}
        </p>
      )}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the link just made gets focus, ready to copy */}
      {created && <CopyField label="New share link" url={absoluteUrl(created.url)} autoFocus />}

      <h3 className="share-dialog__section">Share links</h3>
      <p className="share-dialog__muted">A link’s full address is shown only when it is created, so copy it then.</p>
      <ShareLinkList
        links={links.data}
        loading={links.isPending}
        failed={links.isError}
        onRetry={() => void links.refetch()}
        revoking={revoke.isPending ? revoke.variables : undefined}
        revokeFailed={revoke.isError}
        onRevoke={(id) => revoke.mutate(id)}
        toUrl={absoluteUrl}
        clipRanges={clipRanges}
      />
    </ModalDialog>
  )
}

/** A 400 (a password of the wrong length) says what to fix, in the server's words. */
function invalidMessage(error: unknown): string | undefined {
  return hasStatus(error, 400) && isApiError(error) ? error.serverMessage : undefined
}
