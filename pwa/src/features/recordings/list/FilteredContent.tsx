import { useMemo } from 'react'
import type { ListFilters } from '@/data/listFilters'
import { listErrorMessage } from '../listMessages'
import { groupByDay } from './listItems'
import { ListError, ListSkeleton } from './ListStates'
import { RecordingList } from './RecordingList'
import { useFilteredLibrary } from './useFilteredLibrary'

/** The list with the filters panel's filters on (and no search): the server's filtered dashboard. */
export function FilteredContent({ filters }: { filters: ListFilters }) {
  const list = useFilteredLibrary(filters)
  const items = useMemo(() => (list.rows ? groupByDay(list.rows) : []), [list.rows])
  if (list.error != null && items.length === 0)
    return <ListError message={listErrorMessage(list.error)} onRetry={list.retry} />
  if (!list.rows) return <ListSkeleton />
  if (items.length === 0) return <p className="folder-empty">No recordings match these filters.</p>
  return (
    <RecordingList
      items={items}
      paging={{ hasMore: list.hasMore, loading: list.loadingMore, onLoadMore: list.loadMore }}
      footer={list.error != null && <ListError message={listErrorMessage(list.error)} onRetry={list.retry} />}
    />
  )
}
