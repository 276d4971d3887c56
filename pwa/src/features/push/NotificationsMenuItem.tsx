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
  unsupported:
    'Notifications need Pocket installed to your Home Screen (in Safari: Share, then Add to Home Screen), or a browser that supports them.',
} as const

function noteFor(state: PushState | null, busy: boolean): string {
  if (busy) return state === 'on' ? PUSH_NOTES.turningOff : PUSH_NOTES.turningOn
  return state === null ? '' : PUSH_NOTES[state]
}

/**
 * The user menu's "Notifications" switch for this device. The browser's
 * permission prompt comes only from clicking it. Blocked or unsupported
 * push is explained in place; a change or failure is announced (a live
 * region) and left on screen.
 */
export function NotificationsMenuItem() {
  const { state, busy, error, toggle } = usePushToggle()
  const noteId = useId()
  const on = state === 'on'
  // Still focusable when it cannot act, so keyboard users reach the explanation.
  const inert = state === null || state === 'unsupported'
  return (
    <li role="none">
      {/* The note sits inside the item (a menu may hold only menu items), named apart by aria-label. */}
      <button
        type="button"
        role="menuitemcheckbox"
        className="push-item"
        aria-label="Notifications"
        aria-checked={on}
        aria-busy={busy}
        aria-disabled={inert || busy}
        aria-describedby={noteId}
        onClick={toggle}
      >
        <span className="push-item__row" aria-hidden="true">
          <span>Notifications</span>
          <span className={`push-item__switch${on ? ' push-item__switch--on' : ''}`}>
            {busy ? '…' : on ? 'On' : 'Off'}
          </span>
        </span>
        {/* A live region: the change under way, a refusal or a failure is announced, and stays on screen. */}
        <span id={noteId} className={`push-item__note${error ? ' push-item__note--error' : ''}`} aria-live="polite">
          {error ?? noteFor(state, busy)}
        </span>
      </button>
    </li>
  )
}
