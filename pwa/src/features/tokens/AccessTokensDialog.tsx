import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { accessTokenKeys, accessTokensQuery, type CreatedToken } from '@/data/accessTokens'
import { ApiError } from '@/data/api/errors'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { useOnline } from '@/features/sync/useSyncState'
import { CopyField } from '@/ui/CopyField'
import { CreateTokenForm } from './CreateTokenForm'
import { TokenList } from './TokenList'
import {
  ACCESS_TOKENS,
  ACCESS_TOKENS_EXPLAINED,
  SHOWN_ONCE,
  TOKENS_FAILED,
  TOKENS_LOADING,
  TOKENS_OFFLINE,
  TOKENS_UNAVAILABLE,
} from './tokenTexts'
import './tokens.css'
import { LoadFailed } from '@/ui/LoadFailed'

/**
 * The user's personal access tokens: the list (loading, failed, empty and
 * offline each say so), a form to create one, its secret shown once with a
 * copy button, and Revoke with a confirmation.
 */
export function AccessTokensDialog({ onClose }: { onClose: () => void }) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const tokens = useQuery({ ...accessTokensQuery(), enabled: online })
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accessTokenKeys.all })
  const unavailable = tokens.error instanceof ApiError && tokens.error.status === 404

  return (
    <ModalDialog title={ACCESS_TOKENS} onClose={onClose} className="tokens-dialog" closeButton>
      <p>{ACCESS_TOKENS_EXPLAINED}</p>
      {created && (
        <section className="tokens-dialog__created" aria-label="New token">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the token just made gets focus, ready to copy */}
          <CopyField label={`Your new token “${created.name}”`} url={created.token} noun="token" autoFocus />
          <p className="tokens-dialog__once">{SHOWN_ONCE}</p>
          <button type="button" className="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </section>
      )}
      <div aria-live="polite" aria-busy={tokens.isFetching}>
        {tokens.data ? (
          <TokenList tokens={tokens.data} onRevoked={refresh} />
        ) : !online ? (
          <p>{TOKENS_OFFLINE}</p>
        ) : unavailable ? (
          <p>{TOKENS_UNAVAILABLE}</p>
        ) : tokens.isError ? (
          <LoadFailed message={TOKENS_FAILED} onRetry={() => void tokens.refetch()} className="tokens-dialog__error" />
        ) : (
          <p>{TOKENS_LOADING}</p>
        )}
      </div>
      {online && !unavailable && (
        <CreateTokenForm
          onCreated={(token) => {
            setCreated(token)
            refresh()
          }}
        />
      )}
    </ModalDialog>
  )
}
