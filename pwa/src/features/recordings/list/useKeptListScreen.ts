import { useEffect } from 'react'

// Keeping is not needed for the first paint: its code loads once there is a list to keep.
const keeping = () => import('@/data/kept-screen/keep')

/**
 * The list's side of the kept copy (data/kept-screen): the list as drawn is
 * kept for the next cold start, after each change of its rows (null: no rows
 * drawn) and when the tab is hidden.
 */
export function useKeptListScreen(rows: unknown): void {
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
