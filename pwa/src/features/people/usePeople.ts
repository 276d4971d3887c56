import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { peopleQuery, queuedSpeakerNames } from '@/data/people'
import { withNames, type Person } from '@/data/normalize/people'
import { useOutbox } from '@/data/sync/useOutbox'

/**
 * The people named in the library: the server's list, plus names in renames
 * still queued here (named a moment ago, or offline). Offline or on an error
 * it is just the queued names: naming still works, only with fewer suggestions.
 */
export function usePeople(): Person[] {
  const { data } = useQuery(peopleQuery())
  const outbox = useOutbox()
  return useMemo(() => withNames(data ?? [], queuedSpeakerNames(outbox ?? [])), [data, outbox])
}
