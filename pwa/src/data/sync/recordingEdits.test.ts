import { describe, expect, it } from 'vitest'
import { DELETE_UNDO_MS, undoWindowLeft } from './recordingEdits'

describe('the Undo window of a delete', () => {
  const queuedAt = Date.parse('2026-03-02T08:00:00Z')
  // As deleteRecording queues it: held a margin longer than the window.
  const row = { nextAttemptAt: queuedAt + DELETE_UNDO_MS + 1000 }

  it('is counted from when the delete was queued, not from when the toast shows', () => {
    expect(undoWindowLeft(row, queuedAt)).toBe(DELETE_UNDO_MS)
    // A busy machine showed the toast 4.5 s late: it offers Undo for what is left, not 5 s more.
    expect(undoWindowLeft(row, queuedAt + 4500)).toBe(500)
  })

  it('is over (no Undo offered) before the delete may be sent', () => {
    expect(undoWindowLeft(row, queuedAt + DELETE_UNDO_MS)).toBe(0)
    expect(undoWindowLeft(row, row.nextAttemptAt + 1)).toBe(0)
  })
})
