import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { hasStatus, isApiError, isNetworkFailure, limitMessage } from '@/data/api/errors'
import type { ShareLink } from '@/data/normalize/shareLink'
import { recordingKeys } from '@/data/recordingKeys'
import { absoluteUrl, shareClip } from '@/data/shareLinks'
import { useOnline } from '@/features/sync/useSyncState'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { CopyField } from '@/ui/CopyField'
import { LinkOptionFields, type LinkOptions } from '@/ui/LinkOptionFields'
import { EXPIRY_OPTIONS } from '@/data/shareExpiry'
import '@/features/share/share-dialog.css'

export const CLIP_OFFLINE_TEXT = 'Sharing a clip needs a connection. Connect to the internet, then try again.'
export const CLIP_NOT_FOUND_TEXT = 'This highlight no longer exists, so it cannot be shared.'
export const CLIP_FAILED_TEXT = 'Could not create the link. Please try again.'

interface Props {
  highlightId: string
  onClose: () => void
}

/**
 * Makes a clip: a link that opens just this highlight, its lines and its
 * audio, without an account (ADR 24). Audio download is off unless allowed.
 * Its links are listed and revoked with the recording's (ShareLinkList).
 */
export function ShareClipDialog({ highlightId, onClose }: Props) {
  const id = useId()
  const online = useOnline()
  const queryClient = useQueryClient()
  // Audio download is off for a clip unless allowed (a recording's link has it on).
  const [options, setOptions] = useState<LinkOptions>({
    expiry: EXPIRY_OPTIONS[0]!.value,
    password: '',
    allowDownload: false,
  })
  const [created, setCreated] = useState<ShareLink | null>(null)
  const create = useMutation({
    mutationFn: () =>
      shareClip(highlightId, {
        expiresIn: EXPIRY_OPTIONS.find((o) => o.value === options.expiry)?.seconds,
        password: options.password,
        allowDownload: options.allowDownload,
      }),
    onSuccess: (link) => {
      setCreated(link)
      setOptions((o) => ({ ...o, password: '' })) // the next link starts open again
      // The recording's share list (whichever recording) shows the new clip.
      void queryClient.invalidateQueries({ queryKey: [...recordingKeys.all, 'shares'] })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (online) create.mutate()
  }

  return (
    <ModalDialog title="Share clip" className="share-dialog" onClose={onClose} closeButton>
      <p className="share-dialog__note">
        Anyone with the link can hear this moment and read its lines without signing in. Nothing else of the recording
        is shown.
      </p>
      <form className="share-dialog__create" onSubmit={submit}>
        <LinkOptionFields id={id} value={options} onChange={setOptions} />
        <button type="submit" className="button button--primary" disabled={create.isPending || !online}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </button>
      </form>
      {!online ? (
        <p className="share-dialog__muted" role="status">
          {CLIP_OFFLINE_TEXT}
        </p>
      ) : (
        create.isError && (
          <p className="share-dialog__error" role="alert">
            {failureMessage(create.error)}
          </p>
        )
      )}
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the link just made gets focus, ready to copy */}
      {created && <CopyField label="New clip link" url={absoluteUrl(created.url)} autoFocus />}
    </ModalDialog>
  )
}

/** What went wrong, in words that say what to do next. */
export function failureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return CLIP_OFFLINE_TEXT
  if (hasStatus(error, 404)) return CLIP_NOT_FOUND_TEXT
  const limit = limitMessage(error)
  if (limit) return limit
  if (hasStatus(error, 400) && isApiError(error) && error.serverMessage) return error.serverMessage
  return CLIP_FAILED_TEXT
}
