import { InlineConfirm } from '@/ui/dialog/InlineConfirm'
import { useState } from 'react'
import { revokeAccessToken, type AccessToken } from '@/data/accessTokens'
import { ApiError } from '@/data/api/errors'
import { REVOKE_FAILED, TOKENS_EMPTY, tokenDates } from './tokenTexts'

/** The user's tokens, each with its scopes, dates and Revoke. */
export function TokenList({ tokens, onRevoked }: { tokens: AccessToken[]; onRevoked: () => void }) {
  if (tokens.length === 0) return <p>{TOKENS_EMPTY}</p>
  return (
    <ul className="tokens-dialog__list" aria-label="Your access tokens">
      {tokens.map((t) => (
        <TokenItem key={t.id} token={t} onRevoked={onRevoked} />
      ))}
    </ul>
  )
}

function TokenItem({ token, onRevoked }: { token: AccessToken; onRevoked: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const revoke = async () => {
    setBusy(true)
    setError('')
    try {
      await revokeAccessToken(token.id)
      onRevoked()
    } catch (e) {
      setError(e instanceof ApiError && e.serverMessage ? e.serverMessage : REVOKE_FAILED)
      setBusy(false)
    }
  }
  return (
    <li className="tokens-dialog__item">
      <span className="tokens-dialog__name">{token.name}</span>
      <span className="tokens-dialog__scopes">{token.scopes.join(', ')}</span>
      <span className="tokens-dialog__dates">{tokenDates(token)}</span>
      {confirming ? (
        <InlineConfirm
          label={`Revoke “${token.name}”?`}
          confirm="Revoke token"
          confirming="Revoking…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void revoke()}
          className="tokens-dialog__confirm"
        >
          Revoke “{token.name}”? Anything using it is refused from its next request.
        </InlineConfirm>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </button>
      )}
      <p role="alert" className="tokens-dialog__error-text">
        {error}
      </p>
    </li>
  )
}
