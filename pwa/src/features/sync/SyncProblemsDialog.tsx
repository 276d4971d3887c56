import { useEffect, useId, useRef, useState } from 'react'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { describeEdit } from './describeEdit'
import type { SyncProblem } from './useSyncState'

// The sync engine loads when the user acts on a refused edit, not with the shell.
const retryFailed = async (seq: number) => (await import('@/data/sync')).retryFailed(seq)
const discard = async (seq: number) => (await import('@/data/sync')).discard(seq)

interface Props {
  problems: SyncProblem[]
  onClose: () => void
}

/**
 * The edits the server refused for good, each with what it was, the
 * server's reason, "Retry" (send it again) and "Discard" (drop it: the
 * server's version comes back). A modal dialog: Escape closes it and focus
 * returns to the button that opened it.
 */
export function SyncProblemsDialog({ problems, onClose }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null)

  // Retry or Discard removes the item, and the focused button with it: focus stays in the dialog.
  useEffect(() => {
    const dialog = closeButton.current?.closest('dialog')
    if (dialog && !dialog.contains(document.activeElement)) closeButton.current?.focus()
  }, [problems.length])

  return (
    <ModalDialog
      title="Changes not saved"
      className="sync-problems"
      onClose={onClose}
      closeButton
      closeRef={closeButton}
    >
      {problems.length === 0 ? (
        <p className="sync-problems__done">All changes are saved.</p>
      ) : (
        <>
          <p className="sync-problems__note">
            The server refused these changes. Retry one, or discard it to get the server’s version back.
          </p>
          <ul className="sync-problems__list">
            {problems.map((p) => (
              <ProblemItem key={p.seq} problem={p} />
            ))}
          </ul>
        </>
      )}
    </ModalDialog>
  )
}

function ProblemItem({ problem }: { problem: SyncProblem }) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const act = (fn: (seq: number) => Promise<unknown>) => () => {
    setBusy(true)
    fn(problem.seq)
      .catch((error: unknown) => console.error('sync: acting on a refused change failed', error))
      .finally(() => setBusy(false))
  }
  return (
    <li className="sync-problems__item" aria-labelledby={`${id}-what`} aria-describedby={`${id}-why`}>
      <p className="sync-problems__what" id={`${id}-what`}>
        {describeEdit(problem.mutation, problem.names)}
      </p>
      <p className="sync-problems__why" id={`${id}-why`}>
        {problem.message}
      </p>
      <div className="sync-problems__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-describedby={`${id}-what`}
          onClick={act(retryFailed)}
        >
          Retry
        </button>
        <button type="button" className="button" disabled={busy} aria-describedby={`${id}-what`} onClick={act(discard)}>
          Discard
        </button>
      </div>
    </li>
  )
}
