import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { parseCandidatePage, parsePeople, type CandidatePage } from './normalize/people'
import { readMutation } from './sync/mutation'
import type { OutboxRow } from './sync'

/** How many candidate recordings one page asks for. */
export const CANDIDATES_PAGE_SIZE = 20

export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
  // Names match case-insensitively on the server: one cache entry per person.
  candidates: (name: string) => [...peopleKeys.all, 'candidates', name.trim().toLowerCase()] as const,
}

/**
 * Everyone named in the library (GET /api/v1/people). Names change only by
 * renames, made on other screens, so each rename box and filter panel asks
 * again when it opens (showing the cached list at once), while focus and
 * reconnects do not re-ask for minutes. A rename still queued here is merged
 * in from the outbox until the server has it.
 */
export const peopleQuery = () =>
  queryOptions({
    queryKey: peopleKeys.list(),
    queryFn: async ({ signal }) => parsePeople(await apiRequest<unknown>('/api/v1/people', { signal })),
    staleTime: 5 * 60 * 1000,
    refetchOnMount: 'always',
  })

/** The owner's other recordings where `name` could be attached to an unnamed speaker, newest first. */
export const candidatesQuery = (name: string) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.candidates(name),
    queryFn: async ({ pageParam, signal }): Promise<CandidatePage> =>
      parseCandidatePage(
        await apiRequest<unknown>('/api/v1/people/candidates', {
          query: { name: name.trim(), limit: CANDIDATES_PAGE_SIZE, offset: pageParam },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last: CandidatePage) => last.nextOffset,
    // Each opening of the dialog asks again: another device may have named someone meanwhile.
    staleTime: 0,
  })

/** The names of speaker renames still queued on this device (the server does not know them yet). */
export function queuedSpeakerNames(rows: readonly OutboxRow[]): string[] {
  return rows.flatMap((row) => {
    const op = readMutation(row)?.op
    return op?.case === 'renameSpeaker' && op.value.name ? [op.value.name] : []
  })
}
