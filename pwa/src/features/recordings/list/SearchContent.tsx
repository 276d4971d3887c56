import { useMemo } from 'react'
import type { ListFilters } from '@/data/listFilters'
import { searchErrorMessage } from '../listMessages'
import { groupByDay } from './listItems'
import { ListEmpty, ListError, ListSkeleton, OfflineSearchNote } from './ListStates'
import { RecordingList } from './RecordingList'
import { useSearchResults } from './useSearchResults'

/** The server's results for ?q= with the list's filters (the device's own when offline). */
export function SearchContent({ q, filters }: { q: string; filters: ListFilters }) {
  const search = useSearchResults(q, filters)
  const items = useMemo(() => (search.rows ? groupByDay(search.rows) : []), [search.rows])
  if (search.loading) return <ListSkeleton />
  if (search.failed) return <ListError message={searchErrorMessage()} onRetry={search.retry} />
  const note = search.fromDevice && <OfflineSearchNote />
  if (items.length === 0)
    return (
      <>
        {note}
        <ListEmpty searching />
      </>
    )
  return (
    <>
      {note}
      <RecordingList
        items={items}
        matches={search.matches}
        paging={{ hasMore: search.hasMore, loading: search.loadingMore, onLoadMore: search.loadMore }}
      />
    </>
  )
}
