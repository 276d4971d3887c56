import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { recordingKeys, recordingsIn } from './recordings'
import type { Recording } from './types'

export const SEARCH_FAILED_MESSAGE = 'Search failed. Please try again.'

/**
 * GET /api/v1/recordings/search; the screen sends only q (the server's
 * defaults are the spec's: limit 20, offset 0, full_text). Results are not
 * written to IndexedDB: they are a view of the library, not the library.
 */
export async function searchRecordings(q: string, signal?: AbortSignal): Promise<Recording[]> {
  const raw = await apiRequest<unknown>('/api/v1/recordings/search', { query: { q }, signal })
  return recordingsIn(raw)
}

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: recordingKeys.search(q),
    queryFn: ({ signal }) => searchRecordings(q, signal),
    enabled: q.trim() !== '',
    // Every submit asks the server again (spec: submitting reloads).
    staleTime: 0,
    gcTime: 60_000,
  })
