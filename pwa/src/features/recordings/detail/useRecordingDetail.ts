import { useEffect, useMemo, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { detailQuery, readCachedDetail, trackView } from '@/data/detail'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { normalizeDetail, type RecordingView } from '@/data/normalize/detail'
import { isDefinitiveDetailError } from './detailErrors'
import { flagsOf, type Flags } from '@/data/recordingFields'
import { detailBody } from '@/data/normalize/detail'

type DetailState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'no-data'; retry: () => void }
  | { status: 'ready'; view: RecordingView; flags: Flags }

/**
 * The detail screen's data: the copy on the device first, then the network
 * (written through). A server answer that the recording is missing or not
 * the user's wins over the device copy; a failed network (or a server error)
 * does not, so a visited recording stays readable offline.
 */
export function useRecordingDetail(id: string): DetailState {
  const cached = useDeviceQuery((db) => readCachedDetail(db, id), [id])
  const query = useQuery(detailQuery(id))
  const view = useMemo(() => (cached ? normalizeDetail(cached.data) : null), [cached])
  useTrackViewOnce(id, query.isSuccess)
  useMarkOpenedOnce(id, view !== null)
  useRefetchWhenCopyGoes(cached, query)

  const retry = () => void query.refetch()
  if (query.error && isDefinitiveDetailError(query.error)) return { status: 'error', error: query.error, retry }
  if (view) return { status: 'ready', view, flags: flagsOf(detailBody(cached?.data)?.recording) }
  if (cached === undefined || query.isPending) return { status: 'loading' }
  if (query.error) return { status: 'error', error: query.error, retry }
  if (cached) return { status: 'no-data', retry }
  return { status: 'loading' }
}

/**
 * The device copy went away under a fetched detail: a pull applied a delete
 * from another device, perhaps after a fetch that had answered before it.
 * The server says which is true now (a 404 shows Recording Not Found). Only
 * a copy that was read and then went counts: a live read that answered
 * "none" before the fetch had written its copy is not a delete.
 */
function useRefetchWhenCopyGoes(
  cached: unknown,
  query: { isSuccess: boolean; isFetching: boolean; refetch: () => unknown },
): void {
  const seenCopy = useRef(false)
  const settled = query.isSuccess && !query.isFetching
  const refetch = query.refetch
  useEffect(() => {
    if (cached) seenCopy.current = true
    else if (cached === null && seenCopy.current && settled) {
      seenCopy.current = false
      void refetch()
    }
  }, [cached, settled, refetch])
}

/** What the user opened here stays readable offline, whatever the offline budget. */
function useMarkOpenedOnce(id: string, shown: boolean): void {
  const marked = useRef<string | null>(null)
  useEffect(() => {
    if (!shown || marked.current === id) return
    marked.current = id
    // Loaded here, after the screen has drawn: it writes to the device store.
    import('@/data/offline/opened')
      .then((opened) => opened.markOpenedHere(id))
      .catch((error: unknown) => console.warn('Could not mark the recording as opened', error))
  }, [id, shown])
}

/** One view per opening of a recording, after its first successful load. */
function useTrackViewOnce(id: string, loaded: boolean): void {
  const tracked = useRef<string | null>(null)
  useEffect(() => {
    if (!loaded || tracked.current === id) return
    tracked.current = id
    void trackView(id)
  }, [id, loaded])
}
