import { useId, useState } from 'react'
import { useLocation } from 'wouter'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { useAuth } from './AuthContext'
import {
  ALSO_REVOKE_TOKENS,
  ALSO_REVOKE_TOKENS_EXPLAINED,
  SIGN_OUT_EVERYWHERE,
  SIGN_OUT_EVERYWHERE_EXPLAINED,
  SIGN_OUT_EVERYWHERE_FAILED,
  SIGN_OUT_EVERYWHERE_TITLE,
  SIGNING_OUT,
} from './signOutTexts'
import './signOut.css'

/**
 * Confirms signing out every device, and offers to revoke the user's access
 * tokens too (left as they are unless ticked). On success this device goes
 * to the sign-in screen as after Logout; on failure it stays signed in and
 * says so.
 */
export function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const { logoutEverywhere } = useAuth()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [revokeTokens, setRevokeTokens] = useState(false)
  const hintId = useId()
  const confirm = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await logoutEverywhere({ revokeTokens })
    } catch {
      setFailed(true)
      setBusy(false)
      return
    }
    navigate('/login', { replace: true })
  }
  return (
    <ModalDialog title={SIGN_OUT_EVERYWHERE_TITLE} onClose={busy ? () => {} : onClose} className="sign-out-dialog">
      <p>{SIGN_OUT_EVERYWHERE_EXPLAINED}</p>
      <label className="sign-out-dialog__option">
        <input
          type="checkbox"
          checked={revokeTokens}
          onChange={(e) => setRevokeTokens(e.target.checked)}
          disabled={busy}
          aria-describedby={hintId}
        />
        {ALSO_REVOKE_TOKENS}
      </label>
      <p id={hintId} className="sign-out-dialog__hint">
        {ALSO_REVOKE_TOKENS_EXPLAINED}
      </p>
      <p className="sign-out-dialog__error" role="alert">
        {failed ? SIGN_OUT_EVERYWHERE_FAILED : ''}
      </p>
      <div className="sign-out-dialog__actions">
        {/* Cancel first and focused: Enter on the opened dialog signs no one out. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself as it opens (ARIA dialog pattern) */}
        <button type="button" className="button" onClick={onClose} disabled={busy} autoFocus data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? SIGNING_OUT : SIGN_OUT_EVERYWHERE}
        </button>
      </div>
    </ModalDialog>
  )
}
