import { useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'

// True while the page is printed (the print dialog, Save as PDF, or print
// media emulation): the detail screen then renders every printable panel,
// whichever tab is selected, so the document has summary, action items and
// transcript.
let printing = false
const listeners = new Set<() => void>()
let query: MediaQueryList | undefined

function set(next: boolean) {
  if (printing === next) return
  printing = next
  // Flushed at once: the browser lays the page out for print right after
  // beforeprint returns.
  flushSync(() => listeners.forEach((l) => l()))
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    query = window.matchMedia?.('print')
    printing = query?.matches ?? false
    query?.addEventListener('change', onMedia)
    window.addEventListener('beforeprint', onBefore)
    window.addEventListener('afterprint', onAfter)
  }
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
    if (listeners.size === 0) {
      query?.removeEventListener('change', onMedia)
      window.removeEventListener('beforeprint', onBefore)
      window.removeEventListener('afterprint', onAfter)
    }
  }
}

const onMedia = (e: MediaQueryListEvent) => set(e.matches)
const onBefore = () => set(true)
const onAfter = () => set(query?.matches ?? false)

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  )
}

/** Opens the browser's print dialog with every panel rendered. */
export function printAll(): void {
  set(true)
  window.print()
  set(query?.matches ?? false)
}
