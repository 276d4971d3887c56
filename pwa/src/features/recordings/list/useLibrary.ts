import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { replaceEqualDeep, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import {
  countCachedRecordings,
  dashboardPagesQuery,
  DASHBOARD_PAGE_SIZE,
  readCachedDashboard,
  recordingKeys,
} from '@/data/recordings'
import { isNetworkFailure } from '@/data/api/errors'
import { earlyFirstPage, forgetEarlyFirstPage } from '@/data/earlyStart'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { useAuth } from '@/features/auth/AuthContext'
import { toRecordingRow, type RecordingRow } from '@/data/normalize/recording'
import type { Recording } from '@/data/types'
import { hiddenFromList } from '@/data/recordingFields'

export interface LibraryView {
  /** Undefined until IndexedDB has answered. */
  rows: RecordingRow[] | undefined
  /** Nothing on the device yet and the first page is on its way. */
  loading: boolean
  /** The server and the device both hold no recording. */
  empty: boolean
  /** The first page failed; rows on the device (if any) are still shown. */
  error: unknown
  /** The last next-page load failed. */
  nextPageError: unknown
  /** More rows exist on the device or the server. */
  hasMore: boolean
  /** A page is on its way from the server. */
  loadingMore: boolean
  /** The sentinel came near: show more cached rows and/or fetch the next page. */
  loadMore: () => void
  /** Retry after an error (the page that failed). */
  retry: () => void
  /** Back to the first page, from the server (clearing a search, an empty submit). */
  reload: () => void
}

/**
 * The recordings list, IndexedDB first (spec: screens read the device first).
 * The screen shows the newest `window` rows the device holds; dashboard pages
 * (20, by cursor) refresh the device as the user scrolls. The window grows
 * from the device without waiting for the network, so a large library
 * already on the device scrolls at once, and the network catches up behind.
 */
export function useLibrary(): LibraryView {
  const [windowSize, setWindowSize] = useState(DASHBOARD_PAGE_SIZE)
  const cached = useDeviceRows(windowSize)
  const total = useDeviceQuery(countCachedRecordings, [])
  const pages = useInfiniteQuery(dashboardPagesQuery())
  const queryClient = useQueryClient()
  const rows = useRows(cached)

  const networkRows = pages.data?.pages.reduce((n, p) => n + p.data.length, 0) ?? 0
  const moreOnDevice = cached !== undefined && total !== undefined && cached.length >= windowSize && total > windowSize
  const canFetch = pages.hasNextPage && !pages.isFetching && !pages.isFetchNextPageError

  const loadMore = useCallback(() => {
    // Grows by half the window (at least a page): few re-reads on a long scroll.
    if (moreOnDevice) setWindowSize((w) => w + Math.max(DASHBOARD_PAGE_SIZE, Math.floor(w / 2)))
    // The spec's rule: only with a next cursor and no load in flight.
    if (canFetch && networkRows <= windowSize) void pages.fetchNextPage()
  }, [moreOnDevice, canFetch, networkRows, windowSize, pages])

  const reload = useCallback(() => {
    setWindowSize(DASHBOARD_PAGE_SIZE)
    void queryClient.resetQueries({ queryKey: recordingKeys.dashboard() })
  }, [queryClient])

  const retry = useCallback(() => {
    if (pages.isFetchNextPageError) void pages.fetchNextPage()
    else void pages.refetch()
  }, [pages])

  const firstPageError = pages.isFetchNextPageError ? null : pages.error
  return {
    rows,
    loading: (cached === undefined || cached.length === 0) && pages.isPending,
    // The first page is checked too: IndexedDB answers a moment after a write.
    // A first page of archived recordings only is empty too (the list leaves them out).
    empty: rows?.length === 0 && pages.isSuccess && (pages.data.pages[0]?.data.every(hiddenFromList) ?? false),
    error: firstPageError && (rows?.length === 0 || !isNetworkFailure(firstPageError)) ? firstPageError : null,
    nextPageError: pages.isFetchNextPageError ? pages.error : null,
    hasMore: moreOnDevice || pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore,
    retry,
    reload,
  }
}

/**
 * The newest `windowSize` recordings on the device, live. Until IndexedDB
 * first answers, the first page read at start-up (earlyStart.ts) stands in,
 * so a cold start paints rows in its first render; it is dropped as soon as
 * the live read has answered, so it never outlives the moment.
 */
function useDeviceRows(windowSize: number): Recording[] | undefined {
  const { user } = useAuth()
  const live = useDeviceQuery((db) => readCachedDashboard(db, windowSize), [windowSize])
  const [early, setEarly] = useState(() => earlyFirstPage(user?.uid))
  useEffect(() => {
    if (!live || !early) return
    forgetEarlyFirstPage()
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, when the device's first read comes: the early rows are forgotten with it
    setEarly(undefined)
  }, [live, early])
  return live ?? early
}

/**
 * Rows for the screen. A row whose fields are unchanged keeps its object
 * from the last read, so its (memoised) line does not redraw: a first sync
 * re-reads the device after each part it stores, and most rows stay as
 * they were.
 */
export function useRows(recordings: Recording[] | undefined): RecordingRow[] | undefined {
  const previous = useRef(new Map<string, RecordingRow>())
  return useMemo(() => {
    if (!recordings) return undefined
    const before = previous.current
    // eslint-disable-next-line react-hooks/refs -- the last rows are a cache for this memo, read and replaced once per new list
    const rows = recordings.map((recording) => {
      const row = toRecordingRow(recording)
      return replaceEqualDeep(before.get(row.id), row)
    })
    // eslint-disable-next-line react-hooks/refs -- that cache, replaced once per new list
    previous.current = new Map(rows.map((row) => [row.id, row]))
    return rows
  }, [recordings])
}
