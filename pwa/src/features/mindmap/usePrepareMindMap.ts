import { useEffect } from 'react'

/**
 * Prepares the Mind map tab in idle time once a recording is on screen, so
 * that a large map opens without a pause. Optional: the tab works without it.
 * The preparing code (prepare.ts, the layout) loads then too, not with the
 * screen.
 */
export function usePrepareMindMap(summarization: Record<string, unknown> | null): void {
  useEffect(() => {
    if (!summarization) return
    // A chunk that fails to load here is loaded again when the tab opens.
    const run = () => void import('./prepare').then((m) => m.prepareMindMap(summarization)).catch(() => {})
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(run, 200)
    return () => clearTimeout(id)
  }, [summarization])
}
