import { useQuery } from '@tanstack/react-query'
import { searchQuery } from '@/data/search'
import type { RecordingRow } from '@/data/normalize/recording'
import { useRows } from './useLibrary'

export interface SearchView {
  rows: RecordingRow[] | undefined
  loading: boolean
  failed: boolean
  retry: () => void
}

/** Server search for `q` (not cached on the device); idle while q is empty. */
export function useSearchResults(q: string): SearchView {
  const query = useQuery(searchQuery(q))
  return {
    rows: useRows(query.data),
    loading: q !== '' && query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
  }
}
