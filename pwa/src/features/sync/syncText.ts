/*
 * The sync status line's words, apart from describeEdit (loaded only when
 * an edit is refused), so the shell's first paint carries no more than these.
 */

/** Waiting edits as the status line says it; '' when nothing waits. */
export function waitingText(pending: number, state: 'offline' | 'unreachable' | 'sending'): string {
  if (pending === 0) return ''
  const count = `${pending} ${pending === 1 ? 'change' : 'changes'} waiting`
  if (state === 'offline') return `Offline · ${count}`
  if (state === 'unreachable') return `Can’t reach the server · ${count}`
  return 'Saving changes…'
}

/** The label of the button that opens the refused edits. */
export function problemsLabel(failed: number): string {
  return `${failed} ${failed === 1 ? 'change' : 'changes'} not saved`
}
