import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { filterQuery, type ListFilters } from './listFilters'
import { DASHBOARD_PAGE_SIZE, recordingKeys, toDashboardPage } from './recordings'
import type { DashboardPage } from './types'

/**
 * The dashboard narrowed by the list's filters, straight from the server.
 * Unlike the plain list these pages are not written to IndexedDB: the
 * write-through treats a page as the whole span it covers, so a filtered page
 * would make the device forget the recordings the filter left out.
 */
export const filteredDashboardQuery = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: [...recordingKeys.filtered(), filters],
    queryFn: async ({ pageParam, signal }): Promise<DashboardPage> =>
      toDashboardPage(
        await apiRequest<unknown>('/api/v1/recordings/dashboard', {
          query: { limit: DASHBOARD_PAGE_SIZE, cursor: pageParam ?? undefined, ...filterQuery(filters) },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DashboardPage) => last.nextCursor,
    staleTime: 0,
    gcTime: 60_000,
  })
