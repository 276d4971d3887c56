import { useSyncExternalStore } from 'react'

/** The shell's breakpoint (app/shell/shell.css): from here the sidebar is always shown and the top bar is not. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)'

/** True when the sidebar is shown beside the page; false on phones (and where matchMedia is missing). */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  )
}

function query(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_LAYOUT_QUERY) : null
}

function subscribe(onChange: () => void): () => void {
  const q = query()
  q?.addEventListener('change', onChange)
  return () => q?.removeEventListener('change', onChange)
}
