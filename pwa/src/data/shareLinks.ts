import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { ApiError } from './api/errors'
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
export async function createShareLink(recordingId: string, settings: NewShareLink = {}): Promise<ShareLink> {
  const { expiresIn, password, allowDownload } = settings
  const raw = await apiRequest<unknown>(`/api/v1/recordings/${encodeURIComponent(recordingId)}/share`, {
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
