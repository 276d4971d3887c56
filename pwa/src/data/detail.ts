import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { detailRequest } from './api/screenRequests'
import { ApiError, isApiError } from './api/errors'
import type { PocketDB, StoredDetail } from './db'
import { loadServerCopies } from './device/serverCopies'
import { detailBody } from './normalize/detail'
import { withRoom } from './offline/room'
import { recordingKeys } from './recordings'

export const LOAD_FAILED_MESSAGE = 'Failed to load recording'
const NO_ID_MESSAGE = 'No recording ID provided'
export const NO_DATA_CODE = 'NO_DATA'

/**
 * GET /api/v1/recordings/{id}?include=all, written through to IndexedDB.
 * Failures carry the spec's message 'Failed to load recording' and the
 * status (default 500); a network failure keeps code NETWORK_ERROR so the
 * screen can fall back to the copy on the device. A 404 removes that copy:
 * the recording is gone or no longer the user's. The offline library's
 * fetches are `background` (data/offline/room.ts).
 */
export async function fetchDetail(
  id: string,
  signal?: AbortSignal,
  room: { background?: boolean } = {},
): Promise<StoredDetail> {
  const detail = await requestDetail(id, signal)
  // Queued edits (a rename on its way) are laid over the fetched copy, not lost under it.
  // A full disk makes room by removing what was used longest ago (background: room.background).
  const { db, writeServerDetail } = await loadServerCopies()
  return withRoom(() => writeServerDetail(db, detail), { keep: [id], background: room.background, db })
}

/**
 * The detail as the server answers it, not yet stored (the offline library
 * stores many in one transaction); failures and a 404 as fetchDetail's.
 */
export async function requestDetail(id: string, signal?: AbortSignal): Promise<StoredDetail> {
  if (!id) throw new ApiError({ status: 400, code: 'NO_RECORDING_ID', message: NO_ID_MESSAGE })
  let raw: unknown
  try {
    const { path, query } = detailRequest(id)
    raw = await apiRequest<unknown>(path, { query, signal })
  } catch (error) {
    if (isApiError(error) && error.status === 404) await forgetRecording(id)
    throw loadFailed(error)
  }
  const body = detailBody(raw)
  if (!body || typeof body.recording !== 'object' || body.recording === null) {
    throw new ApiError({ status: 200, code: NO_DATA_CODE, message: LOAD_FAILED_MESSAGE, body: raw })
  }
  return { id, fetchedAt: Date.now(), data: body }
}

function loadFailed(error: unknown): ApiError {
  const status = isApiError(error) && error.status > 0 ? error.status : 500
  const code = isApiError(error) ? error.code : 'ERR_UNKNOWN'
  const wrapped = new ApiError({
    status,
    code,
    message: LOAD_FAILED_MESSAGE,
    body: isApiError(error) ? error.body : undefined,
  })
  wrapped.cause = error
  return wrapped
}

/** The copy on the device; null when there is none. */
export async function readCachedDetail(db: PocketDB, id: string): Promise<StoredDetail | null> {
  return (await db.details.get(id)) ?? null
}

async function forgetRecording(id: string): Promise<void> {
  const { db, forgetServerRecording } = await loadServerCopies()
  return forgetServerRecording(db, id)
}

export const detailQuery = (id: string) =>
  queryOptions({
    queryKey: recordingKeys.detail(id),
    queryFn: ({ signal }) => fetchDetail(id, signal),
  })

/** POST /api/v1/recordings/{id}/view after a successful load; failures are ignored (spec §7). */
export async function trackView(id: string): Promise<void> {
  try {
    await apiRequest<unknown>(`/api/v1/recordings/${encodeURIComponent(id)}/view`, { method: 'POST' })
  } catch {
    // A lost view count is not worth bothering anyone about.
  }
}
