import { useQuery } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { dashboardQuery, readCachedDashboard, DASHBOARD_PAGE_SIZE } from '@/data/recordings'
import type { Recording } from '@/data/types'

export interface DashboardView {
  /** Undefined until IndexedDB has answered. */
  recordings: Recording[] | undefined
  /** Nothing cached and the network has not answered yet. */
  loading: boolean
  /** The network failed; cached rows (if any) are still shown. */
  error: unknown
  refreshing: boolean
  retry: () => void
}

/**
 * IndexedDB first, then network: the list renders what the device holds
 * while the dashboard request refreshes it (write-through, see data/recordings).
 */
export function useDashboard(limit = DASHBOARD_PAGE_SIZE): DashboardView {
  const cached = useLiveQuery(() => readCachedDashboard(limit), [limit])
  const query = useQuery(dashboardQuery(limit))
  const empty = cached === undefined || cached.length === 0
  return {
    recordings: cached,
    loading: empty && query.isPending,
    error: query.error,
    refreshing: query.isFetching,
    retry: () => void query.refetch(),
  }
}
