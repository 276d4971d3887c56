import { useId, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { isApiError, isNetworkFailure } from '@/data/api/errors'
import { unlockSharedRecording } from '@/data/shareUnlock'
import './password-gate.css'

interface Props {
  token: string
  /** The right password was given: the server set the cookie, so load the page again. */
  onUnlocked: () => void
}

/**
 * A protected share link's page before its password: only this form, nothing
 * of the recording (the server answers none until unlocked). Loaded on its
 * own, so open links' pages do not carry it.
 */
export default function PasswordGate({ token, onUnlocked }: Props) {
  const id = useId()
  const [password, setPassword] = useState('')
  const unlock = useMutation({ mutationFn: (p: string) => unlockSharedRecording(token, p), onSuccess: onUnlocked })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password) unlock.mutate(password)
  }

  return (
    <section className="password-gate" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>This recording is protected</h1>
      <p>Enter the password you were given with the link.</p>
      <form className="password-gate__form" onSubmit={submit}>
        <label htmlFor={`${id}-password`}>Password</label>
        {/* A password field has no role of its own; as a textbox it is found like any other field (the value stays masked). */}
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- not redundant for type="password", which has no implicit role */}
        <input
          id={`${id}-password`}
          type="password"
          role="textbox"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={unlock.isError || undefined}
          aria-describedby={unlock.isError ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button--primary" disabled={unlock.isPending}>
          {unlock.isPending ? 'Opening…' : 'Open'}
        </button>
      </form>
      {unlock.isError && (
        <p id={`${id}-error`} className="password-gate__error" role="alert">
          {unlockMessage(unlock.error)}
        </p>
      )}
    </section>
  )
}

/** What went wrong, in words that say what to do next. */
export function unlockMessage(error: unknown): string {
  if (isNetworkFailure(error)) return 'Could not check the password. Please check your connection and try again.'
  if (!isApiError(error)) return 'Could not check the password. Please try again.'
  switch (error.code) {
    case 'WRONG_PASSWORD':
      return 'That password is not right. Please try again.'
    case 'TOO_MANY_ATTEMPTS':
      return error.serverMessage ?? 'Too many wrong passwords. Please wait a few minutes and try again.'
    case 'INVALID_SHARE_TOKEN':
      return 'This share link is invalid or has been revoked.'
    default:
      return error.serverMessage ?? 'Could not check the password. Please try again.'
  }
}
