import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'wouter'
import { useQueryClient } from '@tanstack/react-query'
import { recordingKeys } from '@/data/recordings'
import { groupByDay } from './list/listItems'
import { ListEmpty, ListError, ListSkeleton } from './list/ListStates'
import { RecordingList } from './list/RecordingList'
import { useLibrary, type LibraryView } from './list/useLibrary'
import { useKeptListScreen } from './list/useKeptListScreen'
import { ReleasePrerender } from '@/ui/ReleasePrerender'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { RecordingsFrame } from './RecordingsFrame'
import { activeFilterCount, filtersFromParams, withFilters, type ListFilters } from '@/data/listFilters'
import { folderFilterKey, folderParam } from '@/data/folders/useFolders'
import { listErrorMessage } from './listMessages'

// Search results, a folder's and the filters' lists are asked for: their code loads then, not with the library.
const SearchContent = loadWhenShown(() => import('./list/SearchContent').then((m) => m.SearchContent), <ListSkeleton />)
const FolderView = loadWhenShown(() => import('./list/FolderView').then((m) => m.FolderView), <ListSkeleton />)
const FilteredContent = loadWhenShown(
  () => import('./list/FilteredContent').then((m) => m.FilteredContent),
  <ListSkeleton />,
)

/**
 * /recordings: search, rows grouped by day, infinite scroll. The search in
 * force lives in the URL (?q=) so Back returns to it and a reload keeps it;
 * so does a folder filter (?folder=id, or ?folder=general) and the filters
 * panel's (?from, ?to, ?folder_id, ?has_summary, ?person), which narrow search too.
 * With filters on (and no search) the list is the server's filtered
 * dashboard; with none it is the device-first library again.
 */
export default function RecordingsPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const filters = useMemo(() => filtersFromParams(params), [params])
  const filtered = activeFilterCount(filters) > 0
  const folderKey = q === '' && !filtered ? folderFilterKey(params.get('folder')) : null
  const library = useLibrary()
  const queryClient = useQueryClient()

  const showAll = useCallback(() => {
    if (q !== '') setParams(withFilters(new URLSearchParams(), filters), { replace: true })
    library.reload()
  }, [q, setParams, library, filters])

  const submit = (text: string) => {
    const term = text.trim()
    if (term === '') showAll()
    else if (term === q) void queryClient.refetchQueries({ queryKey: recordingKeys.search(term) })
    else setParams(withFilters(new URLSearchParams({ q: term }), filters))
  }
  const setFilters = (f: ListFilters) => setParams(withFilters(params, f))

  return (
    <RecordingsFrame query={q} onSubmit={submit} onClear={showAll} filters={filters} onFiltersChange={setFilters}>
      {q !== '' ? (
        <SearchContent q={q} filters={filters} />
      ) : filtered ? (
        <FilteredContent filters={filters} />
      ) : folderKey !== null ? (
        <FolderView
          folderKey={folderKey}
          onShowFolder={(key) => setParams({ folder: folderParam(key) }, { replace: true })}
        />
      ) : (
        <LibraryContent library={library} />
      )}
    </RecordingsFrame>
  )
}

/**
 * The plain list. Once it has drawn anything of its own (rows, the empty
 * state, an error), the copy a cold start painted from the HTML goes
 * (data/kept-screen), and its rows are kept for the next start.
 */
function LibraryContent({ library }: { library: LibraryView }) {
  const items = useMemo(() => (library.rows ? groupByDay(library.rows) : []), [library.rows])
  useKeptListScreen(items.length > 0 ? library.rows : null)
  const drawn = !library.loading && (items.length > 0 || library.empty || library.error != null)
  return (
    <>
      {drawn && <ReleasePrerender />}
      <LibraryBody library={library} items={items} />
    </>
  )
}

function LibraryBody({ library, items }: { library: LibraryView; items: ReturnType<typeof groupByDay> }) {
  if (library.loading) return <ListSkeleton />
  if (items.length === 0 && library.error != null) {
    return <ListError message={listErrorMessage(library.error)} onRetry={library.retry} />
  }
  if (library.empty) return <ListEmpty searching={false} />
  if (items.length === 0) return <ListSkeleton />
  return (
    <>
      {library.error != null && <ListError message={listErrorMessage(library.error)} onRetry={library.retry} />}
      <RecordingList
        items={items}
        paging={{ hasMore: library.hasMore, loading: library.loadingMore, onLoadMore: library.loadMore }}
        footer={
          library.nextPageError != null && (
            <ListError message={listErrorMessage(library.nextPageError)} onRetry={library.retry} />
          )
        }
      />
    </>
  )
}
