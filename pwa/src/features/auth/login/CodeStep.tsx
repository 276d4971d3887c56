import type { FormEvent } from 'react'
import { CodeInput } from './CodeInput'
import { isComplete } from './codeDigits'
import { EXPIRED_BANNER } from './loginMessages'
import { formatCountdown, useCountdown } from './useCountdown'
import type { EmailLogin } from './useEmailLogin'

/** Step two: six boxes, a countdown from expiresIn, Verify / Resend / Change Email. */
export function CodeStep({ flow }: { flow: EmailLogin }) {
  const remaining = useCountdown(flow.expiresIn, flow.sendCount)
  const expired = remaining === 0

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void flow.verify()
  }

  return (
    <>
      <h1 className="login__title">Enter verification code</h1>
      <p className="login__subtitle">
        We sent a 6-digit code to <strong>{flow.email}</strong>
      </p>
      <form className="login__form" onSubmit={onSubmit}>
        <CodeInput ref={flow.codeRef} digits={flow.digits} onChange={flow.setDigits} readOnly={flow.verifying} />
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
          disabled={!isComplete(flow.digits) || flow.verifying}
          aria-busy={flow.verifying}
        >
          {flow.verifying && <span className="spinner spinner--small" aria-hidden="true" />}
          Verify Code
        </button>
      </form>
      <div className="login__code-actions">
        <span>
          Didn't receive the code?{' '}
          <button type="button" className="button button--link" disabled={!expired || flow.sending} onClick={() => void flow.resend()}>
            Resend Code
          </button>
        </span>
        <button type="button" className="button button--link" onClick={flow.changeEmail}>
          Change Email
        </button>
      </div>
    </>
  )
}
