import { useEffect, useRef, useState } from 'react'
import { deleteHighlight, UNDO_MS } from '@/data/highlights/edits'
import type { HighlightView } from '@/data/highlights/fold'

/** Deletes a highlight at once and offers Undo while the delete is held; the status to show, and undo(). */
export function useUndoableDelete() {
  const [held, setHeld] = useState<{ undo: () => Promise<boolean> } | null>(null)
  const [message, setMessage] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])
  const remove = async (h: HighlightView) => {
    const undo = await deleteHighlight(h.id)
    setHeld({ undo })
    setMessage('Highlight deleted')
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => setHeld(null), UNDO_MS - 500)
  }
  const undo = async () => {
    if (!held) return
    setHeld(null)
    setMessage((await held.undo()) ? 'Highlight restored' : 'Too late to undo: the highlight was deleted')
  }
  const status = (
    <div className="highlight-status" role="status">
      {message}
      {held && (
        <button type="button" className="button button--ghost" onClick={() => void undo()}>
          Undo
        </button>
      )}
    </div>
  )
  return { remove, status }
}
