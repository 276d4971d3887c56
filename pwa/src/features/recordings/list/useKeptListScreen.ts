import { useEffect, useLayoutEffect } from 'react'
import { releasePrerender } from '@/ui/prerenderHandoff'

// Keeping is not needed for the first paint: its code loads once there is a list to keep.
const keeping = () => import('@/data/kept-screen/keep')

/**
 * The list's side of the kept copy (data/kept-screen): once the list has drawn
 * anything of its own (rows, the empty state, an error), the copy a cold start
 * painted goes; and the list as drawn is kept for the next cold start, after
 * each change of its rows and when the tab is hidden.
 */
export function useKeptListScreen(drawn: boolean, rows: unknown): void {
  useLayoutEffect(() => {
    if (drawn) releasePrerender()
  }, [drawn])

  useEffect(() => {
    if (!rows) return
    const job = { cancelled: false }
    void keeping().then((m) => m.keepListSoon(job))
    return () => {
      job.cancelled = true
    }
  }, [rows])

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void keeping().then((m) => m.keepListNow())
    }
    document.addEventListener('visibilitychange', onHidden)
    return () => document.removeEventListener('visibilitychange', onHidden)
  }, [])
}
