import { useId } from 'react'
import type { PushState } from '@/data/push/device'
import { usePushToggle } from './usePushToggle'
import './push.css'

/** What the menu says under "Notifications", per state. */
export const PUSH_NOTES = {
  off: 'Get a notification on this device when a summary is ready.',
  on: 'This device gets a notification when a summary is ready.',
  turningOn: 'Turning notifications on…',
  turningOff: 'Turning notifications off…',
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  unsupported: 'Notifications need Pocket installed to your Home Screen (in Safari: Share, then Add to Home Screen), or a browser that supports them.',
} as const

function noteFor(state: PushState | null, busy: boolean): string {
  if (busy) return state === 'on' ? PUSH_NOTES.turningOff : PUSH_NOTES.turningOn
  return state === null ? '' : PUSH_NOTES[state]
}

/**
 * The user menu's "Notifications" switch for this device. The browser's
 * permission prompt comes only from clicking it. Blocked or unsupported
 * push is explained in place; a failure is announced and left on screen.
 */
export function NotificationsMenuItem() {
  const { state, busy, error, toggle } = usePushToggle()
  const noteId = useId()
  const on = state === 'on'
  // Still focusable when it cannot act, so keyboard users reach the explanation.
  const inert = state === null || state === 'unsupported'
  return (
    <li role="none" className="push-item">
      <button
        type="button"
        role="menuitemcheckbox"
        className="push-item__button"
        aria-checked={on}
        aria-busy={busy}
        aria-disabled={inert || busy}
        aria-describedby={noteId}
        onClick={toggle}
      >
        <span>Notifications</span>
        <span className={`push-item__switch${on ? ' push-item__switch--on' : ''}`} aria-hidden="true">
          {busy ? '…' : on ? 'On' : 'Off'}
        </span>
      </button>
      <span id={noteId} className="push-item__note">
        {error ? (
          <span role="alert" className="push-item__error">
            {error}
          </span>
        ) : (
          noteFor(state, busy)
        )}
      </span>
    </li>
  )
}
