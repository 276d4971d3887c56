import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { dashboardRequest } from './api/screenRequests'
import { ApiError } from './api/errors'
import type { PocketDB } from './db'
import { loadServerCopies } from './device/serverCopies'
import { mergeDuplicates } from './normalize/recording'
import { DASHBOARD_PAGE_SIZE, recordingKeys } from './recordingKeys'
import { toStored } from './storedRecording'
import type { DashboardPage, Recording } from './types'

export { toStored } from './storedRecording'
export { DASHBOARD_PAGE_SIZE, recordingKeys } from './recordingKeys'

export const UNEXPECTED_FORMAT_MESSAGE = 'Unexpected response format from server'
export const UNEXPECTED_FORMAT_CODE = 'ERR_UNEXPECTED_FORMAT'

/** GET /api/v1/recordings/dashboard; the list screen sends only limit and cursor. */
export async function fetchDashboard(params: { limit?: number; cursor?: string | null } = {}): Promise<DashboardPage> {
  const limit = params.limit ?? DASHBOARD_PAGE_SIZE
  const { path, query } = dashboardRequest(limit, params.cursor)
  const raw = await apiRequest<unknown>(path, { query })
  const page = toDashboardPage(raw)
  await storeDashboardPage(page, { firstPage: !params.cursor })
  return page
}

export function toDashboardPage(raw: unknown): DashboardPage {
  const data = recordingsIn(raw)
  const body = raw as { nextCursor?: unknown }
  const nextCursor = typeof body.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null
  return { data, nextCursor }
}

/** The `data` array of a list answer (dashboard or search), duplicates merged; throws on any other shape. */
export function recordingsIn(raw: unknown): Recording[] {
  const body = raw as { data?: unknown } | null
  if (!body || typeof body !== 'object' || !Array.isArray(body.data)) {
    throw new ApiError({ status: 200, code: UNEXPECTED_FORMAT_CODE, message: UNEXPECTED_FORMAT_MESSAGE, body: raw })
  }
  return mergeDuplicates(body.data.filter(isRecording))
}

/**
 * Write-through: each network page lands in IndexedDB, which the screen reads.
 * Rows the device holds inside a page's time span but the page no longer
 * lists were deleted or moved elsewhere, so they go; the first page also
 * covers everything newer than itself, and the last page everything older.
 */
async function storeDashboardPage(page: DashboardPage, opts: { firstPage: boolean }): Promise<void> {
  const rows = page.data.map(toStored)
  const keep = new Set(rows.map((r) => r.id))
  const keys = rows.map((r) => r.sortKey).filter((k) => !!k) // hidden rows (archived) have none
  const oldest = keys.reduce((min, k) => (k < min ? k : min), '\uffff')
  const newest = opts.firstPage ? '\uffff' : keys.reduce((max, k) => (k > max ? k : max), '')
  const last = page.nextCursor === null
  // An empty later page says nothing about the rows before it.
  const spans = rows.length > 0 || opts.firstPage
  // Rows with queued edits keep them: the page becomes their server copy.
  const { db, writeServerRows } = await loadServerCopies()
  await writeServerRows(
    db,
    rows,
    (r) => spans && !keep.has(r.id) && ((last && r.sortKey < oldest) || (r.sortKey > oldest && r.sortKey <= newest)),
  )
}

/** What the list shows before (or without) the network: the newest `limit` recordings. */
export async function readCachedDashboard(db: PocketDB, limit = DASHBOARD_PAGE_SIZE): Promise<Recording[]> {
  const rows = await db.recordings.orderBy('sortKey').reverse().limit(limit).toArray()
  return rows.map((r) => r.data)
}

/** How many recordings the device holds. */
export function countCachedRecordings(db: PocketDB): Promise<number> {
  return db.recordings.count()
}

/** Dashboard pages by cursor (infinite scroll); each page is written through to IndexedDB. */
export const dashboardPagesQuery = (limit = DASHBOARD_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: recordingKeys.dashboard(limit),
    queryFn: ({ pageParam }) => fetchDashboard({ limit, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DashboardPage) => last.nextCursor,
  })

function isRecording(value: unknown): value is Recording {
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'string' && id !== ''
}
