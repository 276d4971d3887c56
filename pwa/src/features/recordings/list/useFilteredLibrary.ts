import { useMemo } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { filteredDashboardQuery } from '@/data/filteredDashboard'
import { shownUnder, type ListFilters } from '@/data/listFilters'
import type { RecordingRow } from '@/data/normalize/recording'
import { useRows } from './useLibrary'

export interface FilteredView {
  rows: RecordingRow[] | undefined
  error: unknown
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  retry: () => void
}

/** The list narrowed by filters: the server's dashboard pages (the device holds no filtered index). */
export function useFilteredLibrary(filters: ListFilters): FilteredView {
  const query = useInfiniteQuery(filteredDashboardQuery(filters))
  const pages = query.data?.pages
  const recordings = useMemo(
    () => pages?.flatMap((p) => p.data).filter((r) => shownUnder(filters, r)),
    [pages, filters],
  )
  return {
    rows: useRows(recordings),
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage()
    },
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  }
}
