import { useId, useState, type FormEvent } from 'react'
import { createAccessToken, TOKEN_SCOPES, type CreatedToken, type TokenScope } from '@/data/accessTokens'
import { ApiError } from '@/data/api/errors'
import {
  CREATE_FAILED,
  CREATE_TOKEN,
  CREATING_TOKEN,
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  NAME_REQUIRED,
  SCOPE_REQUIRED,
  SCOPE_TEXT,
} from './tokenTexts'

/** Name, scopes and expiry of a new token; hands the created token (with its secret) to onCreated. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const nameId = useId()
  const expiryId = useId()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<TokenScope[]>(['recordings:read'])
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError(NAME_REQUIRED)
    if (scopes.length === 0) return setError(SCOPE_REQUIRED)
    const seconds = EXPIRY_CHOICES.find((c) => c.label === expiry)?.seconds ?? null
    setBusy(true)
    setError('')
    try {
      const token = await createAccessToken({ name: name.trim(), scopes, ...(seconds ? { expiresIn: seconds } : {}) })
      setName('')
      onCreated(token)
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : CREATE_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="tokens-dialog__form" aria-label={CREATE_TOKEN} onSubmit={(e) => void submit(e)} noValidate>
      <h3>{CREATE_TOKEN}</h3>
      <label htmlFor={nameId}>Name</label>
      <input id={nameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} disabled={busy} />
      <fieldset disabled={busy}>
        <legend>Scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="tokens-dialog__scope">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <code>{scope}</code> {SCOPE_TEXT[scope]}
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={expiryId}>Expires after</label>
      <select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value)} disabled={busy}>
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.label} value={c.label}>
            {c.label}
          </option>
        ))}
      </select>
      <p role="alert" className="tokens-dialog__error-text">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? CREATING_TOKEN : CREATE_TOKEN}
      </button>
    </form>
  )
}
