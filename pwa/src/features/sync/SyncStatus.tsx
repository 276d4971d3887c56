import { useRef, useState } from 'react'
import { SyncIcon } from '@/ui/icons'
import { problemsLabel, waitingText } from './syncText'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { useOnline, useSyncState } from './useSyncState'
import './sync.css'

// The list of refused edits (and the sync engine behind its buttons) loads when opened.
const SyncProblemsDialog = loadWhenShown(() => import('./SyncProblemsDialog').then((m) => m.SyncProblemsDialog))

/**
 * The shell's word on edits waiting: "Offline · 3 changes waiting",
 * "Saving changes…", nothing when all is saved (a polite status, so a
 * screen reader hears it change without being interrupted). Edits the
 * server refused get a button that lists them, to retry or discard.
 */
export function SyncStatus() {
  const { pending, stalled, problems } = useSyncState()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const status = useRef<HTMLParagraphElement>(null)
  const text = waitingText(pending, !online ? 'offline' : stalled ? 'unreachable' : 'sending')

  const close = () => {
    setOpen(false)
    // Back to the button that opened it; once nothing is left to show that button is gone, and the status takes focus.
    requestAnimationFrame(() => (trigger.current ?? status.current)?.focus())
  }

  return (
    <div className="sync-status">
      <p ref={status} className="sync-status__text" role="status" aria-live="polite" tabIndex={-1}>
        {text && (
          <>
            <SyncIcon size={16} />
            <span>{text}</span>
          </>
        )}
      </p>
      {problems.length > 0 && (
        <button
          ref={trigger}
          type="button"
          className="sync-status__problems"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {problemsLabel(problems.length)}
        </button>
      )}
      {open && <SyncProblemsDialog problems={problems} onClose={close} />}
    </div>
  )
}
