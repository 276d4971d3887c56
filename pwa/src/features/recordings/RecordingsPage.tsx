import { useCallback, useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { recordingKeys } from '@/data/recordings'
import { groupByDay } from './list/listItems'
import { ListEmpty, ListError, ListSkeleton, OfflineSearchNote } from './list/ListStates'
import { RecordingList } from './list/RecordingList'
import { SearchBar } from './list/SearchBar'
import { useLibrary, type LibraryView } from './list/useLibrary'
import { useSearchResults, type SearchView } from './list/useSearchResults'
import { useFolderLibrary } from './list/useFolderLibrary'
import { folderFilterKey, folderParam } from '@/data/folders/useFolders'
import { FolderBar } from '@/features/folders/FolderBar'
import { listErrorMessage, searchErrorMessage } from './listMessages'
import './recordings.css'

/**
 * /recordings: search, rows grouped by day, infinite scroll. The search in
 * force lives in the URL (?q=) so Back returns to it and a reload keeps it;
 * so does a folder filter (?folder=id, or ?folder=general).
 */
export default function RecordingsPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const folderKey = q === '' ? folderFilterKey(params.get('folder')) : null
  const library = useLibrary()
  const search = useSearchResults(q)
  const queryClient = useQueryClient()

  const showAll = useCallback(() => {
    if (q !== '') setParams({}, { replace: true })
    library.reload()
  }, [q, setParams, library])

  const submit = (text: string) => {
    const term = text.trim()
    if (term === '') showAll()
    else if (term === q) void queryClient.refetchQueries({ queryKey: recordingKeys.search(term) })
    else setParams({ q: term })
  }

  return (
    <section className="recordings" aria-labelledby="recordings-title">
      <div className="recordings__head">
        <h1 id="recordings-title">Recordings</h1>
        {/* A link, not the panel itself: the library chat is its own lazily loaded route. */}
        <Link to="/ask" className="button recordings__ask">
          Ask about all recordings
        </Link>
      </div>
      <SearchBar query={q} onSubmit={submit} onClear={showAll} />
      {folderKey !== null && (
        <FolderBar folderKey={folderKey} onShowFolder={(key) => setParams({ folder: folderParam(key) }, { replace: true })} />
      )}
      {q !== '' ? (
        <SearchContent search={search} />
      ) : folderKey !== null ? (
        <FolderContent folderKey={folderKey} />
      ) : (
        <LibraryContent library={library} />
      )}
    </section>
  )
}

function SearchContent({ search }: { search: SearchView }) {
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
      <RecordingList items={items} />
    </>
  )
}

function FolderContent({ folderKey }: { folderKey: string }) {
  const folder = useFolderLibrary(folderKey)
  const items = useMemo(() => (folder.rows ? groupByDay(folder.rows) : []), [folder.rows])
  if (!folder.rows) return <ListSkeleton />
  if (items.length === 0) return <p className="folder-empty">No recordings in this folder.</p>
  return <RecordingList items={items} paging={{ hasMore: folder.hasMore, loading: false, onLoadMore: folder.loadMore }} />
}

function LibraryContent({ library }: { library: LibraryView }) {
  const items = useMemo(() => (library.rows ? groupByDay(library.rows) : []), [library.rows])
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
