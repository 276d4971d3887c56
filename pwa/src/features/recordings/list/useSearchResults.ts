import { useQuery } from '@tanstack/react-query'
import { searchQuery } from '@/data/search'
import type { RecordingRow } from '@/data/normalize/recording'
import { useRows } from './useLibrary'

export interface SearchView {
  rows: RecordingRow[] | undefined
  loading: boolean
  failed: boolean
  /** The results come from the recordings on this device (the server could not be reached). */
  fromDevice: boolean
  retry: () => void
}

/** Server search for `q` (not cached on the device), or the device's own when offline; idle while q is empty. */
export function useSearchResults(q: string): SearchView {
  const query = useQuery(searchQuery(q))
  return {
    rows: useRows(query.data?.recordings),
    fromDevice: query.data?.fromDevice ?? false,
    loading: q !== '' && query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
  }
}
