import { DASHBOARD_PAGE_SIZE } from '../recordingKeys'
import type { QueryParams } from './http'

/** A GET the API client sends: its path and query. */
export interface GetRequest {
  path: string
  query: QueryParams
}

/**
 * The first requests of the screens, named once: the fetchers send them, and
 * a cold start (app/coldStart.ts) starts them as soon as the session's token
 * is back. This module loads no device store, so the entry chunk may use it.
 */
export function dashboardRequest(limit = DASHBOARD_PAGE_SIZE, cursor?: string | null): GetRequest {
  return { path: '/api/v1/recordings/dashboard', query: { limit, cursor: cursor ?? undefined } }
}

export function detailRequest(id: string): GetRequest {
  return { path: `/api/v1/recordings/${encodeURIComponent(id)}`, query: { include: 'all' } }
}

/** A path segment as the recording's id: links encode it; a malformed escape is kept as written. */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
