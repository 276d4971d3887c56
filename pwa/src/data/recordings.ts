import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { ApiError } from './api/errors'
import { db, type StoredRecording } from './db'
import { toSortableTime } from './time'
import type { DashboardPage, Recording } from './types'

export const DASHBOARD_PAGE_SIZE = 20

/** Query keys of the recordings feature: invalidate by prefix. */
export const recordingKeys = {
  all: ['recordings'] as const,
  dashboard: (limit = DASHBOARD_PAGE_SIZE) => [...recordingKeys.all, 'dashboard', { limit }] as const,
  detail: (id: string) => [...recordingKeys.all, 'detail', id] as const,
}

export const UNEXPECTED_FORMAT_MESSAGE = 'Unexpected response format from server'
export const UNEXPECTED_FORMAT_CODE = 'ERR_UNEXPECTED_FORMAT'

/** GET /api/v1/recordings/dashboard; the list screen sends only limit and cursor. */
export async function fetchDashboard(params: { limit?: number; cursor?: string | null } = {}): Promise<DashboardPage> {
  const limit = params.limit ?? DASHBOARD_PAGE_SIZE
  const raw = await apiRequest<unknown>('/api/v1/recordings/dashboard', {
    query: { limit, cursor: params.cursor ?? undefined },
  })
  const page = toDashboardPage(raw)
  await storeDashboardPage(page, { firstPage: !params.cursor, limit })
  return page
}

export function toDashboardPage(raw: unknown): DashboardPage {
  const body = raw as { data?: unknown; nextCursor?: unknown } | null
  if (!body || !Array.isArray(body.data)) {
    throw new ApiError({ status: 200, code: UNEXPECTED_FORMAT_CODE, message: UNEXPECTED_FORMAT_MESSAGE, body: raw })
  }
  const data = mergeDuplicates(body.data.filter(isRecording))
  const nextCursor = typeof body.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null
  return { data, nextCursor }
}

/**
 * Write-through: the network page lands in IndexedDB, which the screen reads.
 * On the first page, rows the server no longer lists within that page's range
 * are dropped, so deletions made elsewhere disappear here too.
 */
async function storeDashboardPage(page: DashboardPage, opts: { firstPage: boolean; limit: number }): Promise<void> {
  const rows = page.data.map(toStored)
  await db.transaction('rw', db.recordings, async () => {
    if (opts.firstPage) {
      const keep = new Set(rows.map((r) => r.id))
      const complete = page.nextCursor === null
      const oldest = rows.reduce((min, r) => (r.sortKey < min ? r.sortKey : min), '\uffff')
      const stale = await db.recordings
        .filter((r) => !keep.has(r.id) && (complete || r.sortKey >= oldest))
        .primaryKeys()
      await db.recordings.bulkDelete(stale)
    }
    // A row already on the device from another page may be the newer copy.
    const existing = await db.recordings.bulkGet(rows.map((r) => r.id))
    await db.recordings.bulkPut(rows.filter((row, i) => !existing[i] || !isNewer(existing[i].data, row.data)))
  })
}

/** What the list shows before (or without) the network: newest first. */
export async function readCachedDashboard(limit = DASHBOARD_PAGE_SIZE): Promise<Recording[]> {
  const rows = await db.recordings.orderBy('sortKey').reverse().limit(limit).toArray()
  return rows.map((r) => r.data)
}

export const dashboardQuery = (limit = DASHBOARD_PAGE_SIZE) =>
  queryOptions({
    queryKey: recordingKeys.dashboard(limit),
    queryFn: () => fetchDashboard({ limit }),
  })

function isRecording(value: unknown): value is Recording {
  const id = (value as { id?: unknown } | null)?.id
  return typeof id === 'string' && id !== ''
}

function toStored(recording: Recording): StoredRecording {
  const sortKey = toSortableTime(recording.recordingAt) || toSortableTime(recording.updatedAt) || toSortableTime(recording.createdAt)
  return { id: recording.id, sortKey, data: recording }
}

/**
 * Spec §5: recordings sharing an id are one recording; the copy with the
 * latest recordingAt wins, then updatedAt, then createdAt. Order is kept.
 */
export function mergeDuplicates(list: Recording[]): Recording[] {
  const winners = new Map<string, Recording>()
  for (const recording of list) {
    const current = winners.get(recording.id)
    if (!current || isNewer(recording, current)) winners.set(recording.id, recording)
  }
  return list.filter((r) => winners.get(r.id) === r)
}

/** True when `a` is a strictly newer copy than `b`. */
function isNewer(a: Recording, b: Recording): boolean {
  for (const field of ['recordingAt', 'updatedAt', 'createdAt'] as const) {
    const ta = toSortableTime(a[field])
    const tb = toSortableTime(b[field])
    if (ta !== tb) return ta > tb
  }
  return false
}
