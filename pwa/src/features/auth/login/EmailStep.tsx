import { useId, type FormEvent } from 'react'
import type { EmailLogin } from './useEmailLogin'
import { SocialButtons } from './SocialButtons'

/** Step one: Google, Apple, or an e-mail address that gets a code. */
export function EmailStep({ flow }: { flow: EmailLogin }) {
  const inputId = useId()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void flow.submitEmail()
  }

  return (
    <>
      <h1 className="login__title">Welcome to Pocket</h1>
      <p className="login__subtitle">Sign in to see your recordings.</p>
      <SocialButtons />
      <p className="login__divider">
        <span>or</span>
      </p>
      <form className="login__form" onSubmit={onSubmit} noValidate={false}>
        <label htmlFor={inputId}>Email</label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={flow.email}
          onChange={(e) => flow.setEmail(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!flow.canContinue} aria-busy={flow.sending}>
          {flow.sending && <span className="spinner spinner--small" aria-hidden="true" />}
          Continue with Email
        </button>
      </form>
    </>
  )
}
