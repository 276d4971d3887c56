import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { isNetworkFailure } from './detail'
import { recordingKeys, recordingsIn } from './recordings'
import type { Recording } from './types'

export interface SearchResults {
  recordings: Recording[]
  /** The server could not be reached: these come from the recordings on this device. */
  fromDevice: boolean
}

export const SEARCH_FAILED_MESSAGE = 'Search failed. Please try again.'

/**
 * GET /api/v1/recordings/search; the screen sends only q (the server's
 * defaults are the spec's: limit 20, offset 0, full_text). Results are not
 * written to IndexedDB: they are a view of the library, not the library.
 */
export async function searchRecordings(q: string, signal?: AbortSignal): Promise<SearchResults> {
  let raw: unknown
  try {
    raw = await apiRequest<unknown>('/api/v1/recordings/search', { query: { q }, signal })
  } catch (error) {
    // Only an unreachable server falls back: a refusal (401, 500) is the server's answer.
    if (!isNetworkFailure(error) || signal?.aborted) throw error
    return { recordings: await searchDevice(q), fromDevice: true }
  }
  return { recordings: recordingsIn(raw), fromDevice: false }
}

/** The offline index (and MiniSearch) load only the first time a search fails for want of a network. */
async function searchDevice(q: string): Promise<Recording[]> {
  const { searchOnDevice } = await import('./offline/searchOnDevice')
  return searchOnDevice(q)
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
