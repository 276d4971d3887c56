import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { ApiError } from './api/errors'
import { asArray, asObject, text } from './normalize/loose'
import { normalizeShareLink, normalizeShareLinks, type ShareLink } from './normalize/shareLink'
import { recordingKeys } from './recordingKeys'

// The owner's side of share links (the share dialog), apart from ./share, which the visitor's page loads.

/** What a new link may set: expiresIn in seconds (undefined: never expires), a password ('' or undefined: none). */
export interface NewShareLink {
  expiresIn?: number
  password?: string
  allowDownload?: boolean
}

/** POST /api/v1/recordings/{id}/share. */
export function createShareLink(recordingId: string, settings: NewShareLink = {}): Promise<ShareLink> {
  return postLink(`/api/v1/recordings/${encodeURIComponent(recordingId)}/share`, settings)
}

/**
 * POST /api/v1/highlights/{id}/share: a clip, the link to one highlight (ADR
 * 24). The server leaves its audio download off unless allowDownload is true,
 * and answers the bare link (no envelope), its url the /shared/clip page.
 */
export function shareClip(highlightId: string, settings: NewShareLink = {}): Promise<ShareLink> {
  return postLink(`/api/v1/highlights/${encodeURIComponent(highlightId)}/share`, settings)
}

async function postLink(path: string, { expiresIn, password, allowDownload }: NewShareLink): Promise<ShareLink> {
  const raw = await apiRequest<unknown>(path, {
    method: 'POST',
    body: {
      ...(expiresIn === undefined ? {} : { expiresIn }),
      ...(password ? { password } : {}),
      ...(allowDownload === undefined ? {} : { allowDownload }),
    },
  })
  const link = normalizeShareLink((raw as { data?: unknown } | null)?.data ?? raw)
  if (!link)
    throw new ApiError({
      status: 200,
      code: 'ERR_UNEXPECTED_FORMAT',
      message: 'Unexpected response format from server',
      body: raw,
    })
  return link
}

export async function listShareLinks(recordingId: string, signal?: AbortSignal): Promise<ShareLink[]> {
  const raw = await apiRequest<unknown>(`/api/v1/recordings/${encodeURIComponent(recordingId)}/shares`, { signal })
  return normalizeShareLinks(raw)
}

/** Revokes a link by its id (or its token, which the server accepts too). */
export async function revokeShareLink(id: string): Promise<void> {
  await apiRequest<unknown>(`/api/v1/share/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export const shareLinksQuery = (recordingId: string) =>
  queryOptions({
    queryKey: recordingKeys.shares(recordingId),
    queryFn: ({ signal }) => listShareLinks(recordingId, signal),
    staleTime: 0,
  })

/** A highlight's range on its recording's timeline (seconds), which a clip's row in the list names. */
export interface ClipRange {
  start: number
  end: number
}

/** GET /api/v1/recordings/{id}/highlights, read for the ranges of the recording's clips, by highlight id. */
export async function listHighlightRanges(recordingId: string, signal?: AbortSignal): Promise<Map<string, ClipRange>> {
  const raw = await apiRequest<unknown>(`/api/v1/recordings/${encodeURIComponent(recordingId)}/highlights`, {
    signal,
  })
  const ranges = new Map<string, ClipRange>()
  for (const item of asArray(asObject(raw)?.data) ?? []) {
    const h = asObject(item)
    const id = text(h?.id)
    if (id && typeof h?.start === 'number' && typeof h.end === 'number') ranges.set(id, { start: h.start, end: h.end })
  }
  return ranges
}

export const highlightRangesQuery = (recordingId: string) =>
  queryOptions({
    queryKey: [...recordingKeys.shares(recordingId), 'highlight-ranges'] as const,
    queryFn: ({ signal }) => listHighlightRanges(recordingId, signal),
    staleTime: 60_000,
  })

/** The server sends absolute URLs; a bare path is made absolute on this origin. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}
