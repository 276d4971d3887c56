import { useMemo } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { searchQuery } from '@/data/search'
import { shownUnder, type ListFilters } from '@/data/listFilters'
import type { RecordingRow } from '@/data/normalize/recording'
import type { SearchMatch } from '@/data/normalize/searchMatch'
import { useRows } from './useLibrary'

export interface SearchView {
  rows: RecordingRow[] | undefined
  /** Where each result matched, by id. */
  matches: Map<string, SearchMatch>
  loading: boolean
  failed: boolean
  /** The results come from the recordings on this device (the server could not be reached). */
  fromDevice: boolean
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  retry: () => void
}

/** Server search for `q` with the list's filters, paged by offset; the device's own when offline; idle while q is empty. */
export function useSearchResults(q: string, filters: ListFilters): SearchView {
  const query = useInfiniteQuery(searchQuery(q, filters))
  const pages = query.data?.pages
  const recordings = useMemo(() => {
    if (!pages) return undefined
    const seen = new Set<string>()
    return pages.flatMap((p) => p.recordings).filter((r) => shownUnder(filters, r) && !seen.has(r.id) && seen.add(r.id))
  }, [pages, filters])
  const matches = useMemo(() => new Map(pages?.flatMap((p) => [...p.matches])), [pages])
  return {
    rows: useRows(recordings),
    matches,
    fromDevice: pages?.[0]?.fromDevice ?? false,
    loading: q !== '' && query.isPending,
    failed: query.isError && !query.isFetchNextPageError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage()
    },
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  }
}
