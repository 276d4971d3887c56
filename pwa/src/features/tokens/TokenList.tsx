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
        <div role="group" aria-label={`Revoke “${token.name}”?`} className="tokens-dialog__confirm">
          <p>Revoke “{token.name}”? Anything using it is refused from its next request.</p>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation takes the focus its Revoke button had */}
          <button type="button" className="button" onClick={() => setConfirming(false)} disabled={busy} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void revoke()}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Revoking…' : 'Revoke token'}
          </button>
        </div>
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
