import type { FormEvent } from 'react'
import { CodeInput } from './CodeInput'
import { isComplete } from './codeDigits'
import { EXPIRED_BANNER } from './loginMessages'
import { formatCountdown, useCountdown } from './useCountdown'
import type { EmailLogin } from './useEmailLogin'

/** Step two: six boxes, a countdown from expiresIn, Verify / Resend / Change Email. */
export function CodeStep({ flow }: { flow: EmailLogin }) {
  // Read apart: the flow also holds a ref (codeRef), and React's lint takes every field read through it for one.
  const { codeRef, digits, setDigits, email, expiresIn, sendCount, sending, verifying, verify, resend, changeEmail } =
    flow
  const remaining = useCountdown(expiresIn, sendCount)
  const expired = remaining === 0

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void verify()
  }

  return (
    <>
      <h1 className="login__title">Enter verification code</h1>
      <p className="login__subtitle">
        We sent a 6-digit code to <strong>{email}</strong>
      </p>
      <form className="login__form" onSubmit={onSubmit}>
        <CodeInput ref={codeRef} digits={digits} onChange={setDigits} readOnly={verifying} />
        {expired ? (
          <p className="banner" role="alert">
            {EXPIRED_BANNER}
          </p>
        ) : (
          <p className="login__countdown">
            Code expires in <time>{formatCountdown(remaining)}</time>
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={!isComplete(digits) || verifying}
          aria-busy={verifying}
        >
          {verifying && <span className="spinner spinner--small" aria-hidden="true" />}
          Verify Code
        </button>
      </form>
      <div className="login__code-actions">
        <span>
          Didn't receive the code?{' '}
          <button
            type="button"
            className="button button--link"
            disabled={!expired || sending}
            onClick={() => void resend()}
          >
            Resend Code
          </button>
        </span>
        <button type="button" className="button button--link" onClick={changeEmail}>
          Change Email
        </button>
      </div>
    </>
  )
}
