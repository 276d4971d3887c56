import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { isNetworkFailure } from './api/errors'
import { filterQuery, NO_FILTERS, type ListFilters } from './listFilters'
import { toSearchMatch, type SearchMatch } from './normalize/searchMatch'
import { recordingKeys, recordingsIn } from './recordings'
import type { Recording } from './types'

export interface SearchResults {
  recordings: Recording[]
  /** Where each result matched, by recording id (absent offline). */
  matches: Map<string, SearchMatch>
  /** The offset of the next page; null after the last. */
  nextOffset: number | null
  /** The server could not be reached: these come from the recordings on this device. */
  fromDevice: boolean
}

/**
 * GET /api/v1/recordings/search with the list's filters, a page at a time by
 * offset (the server answers the next offset as nextCursor). Results are not
 * written to IndexedDB: they are a view of the library, not the library.
 */
export async function searchRecordings(
  q: string,
  opts: { filters?: ListFilters; offset?: number; signal?: AbortSignal } = {},
): Promise<SearchResults> {
  const { filters = NO_FILTERS, offset = 0, signal } = opts
  let raw: unknown
  try {
    raw = await apiRequest<unknown>('/api/v1/recordings/search', {
      query: { q, offset: offset || undefined, ...filterQuery(filters) },
      signal,
    })
  } catch (error) {
    // Only an unreachable server falls back: a refusal (401, 500) is the server's answer.
    if (!isNetworkFailure(error) || signal?.aborted) throw error
    return { recordings: await searchDevice(q), matches: new Map(), nextOffset: null, fromDevice: true }
  }
  const recordings = recordingsIn(raw)
  const matches = new Map<string, SearchMatch>()
  for (const item of (raw as { data: unknown[] }).data) {
    const m = toSearchMatch(item)
    const id = (item as { id?: unknown }).id
    if (m && typeof id === 'string') matches.set(id, m)
  }
  const next = Number((raw as { nextCursor?: unknown }).nextCursor)
  const nextOffset = Number.isInteger(next) && next > offset ? next : null
  return { recordings, matches, nextOffset, fromDevice: false }
}

/** The offline index (and MiniSearch) load only the first time a search fails for want of a network. */
async function searchDevice(q: string): Promise<Recording[]> {
  const { searchOnDevice } = await import('./offline/searchOnDevice')
  return searchOnDevice(q)
}

export const searchQuery = (q: string, filters: ListFilters = NO_FILTERS) =>
  infiniteQueryOptions({
    queryKey: [...recordingKeys.search(q), filters],
    queryFn: ({ signal, pageParam }) => searchRecordings(q, { filters, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last: SearchResults) => last.nextOffset,
    enabled: q.trim() !== '',
    // Every submit asks the server again (spec: submitting reloads).
    staleTime: 0,
    gcTime: 60_000,
  })
