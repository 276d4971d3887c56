import { queryOptions } from '@tanstack/react-query'
import { chatRequest } from './api/http'
import { ApiError } from './api/errors'
import { normalizeSharedView, sharedViewAllowsDownload } from './normalize/share'
import type { RecordingView } from './normalize/detail'

export const NO_SHARE_TOKEN_MESSAGE = 'No share token provided'

const shareKeys = {
  all: ['share'] as const,
  view: (token: string) => [...shareKeys.all, 'view', token] as const,
}

/**
 * GET /api/v1/share/shared/recording?token=… through the chat/share client:
 * statuses of 500 or more (and network failures, as 500 NETWORK_ERROR) are
 * thrown by the client; any other non-2xx status is turned into an ApiError
 * here so the screen can tell 410, 404 and 401 apart. No bearer token is
 * sent: the share token alone decides, even for a signed-in visitor.
 */
export interface SharedRecording {
  view: RecordingView
  /** The link lets the page offer the audio as a file. */
  allowDownload: boolean
}

export async function fetchSharedRecording(token: string, signal?: AbortSignal): Promise<SharedRecording> {
  if (!token.trim()) throw new ApiError({ status: 400, code: 'NO_SHARE_TOKEN', message: NO_SHARE_TOKEN_MESSAGE })
  const res = await chatRequest<unknown>('/api/v1/share/shared/recording', { query: { token }, auth: false, signal })
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  const view = normalizeSharedView(res.data)
  if (!view)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unable to load recording data.', body: res.data })
  return { view, allowDownload: sharedViewAllowsDownload(res.data) }
}

/** The code of a protected link's answer before its password is given. */
export const PASSWORD_REQUIRED = 'PASSWORD_REQUIRED'

export const sharedRecordingKey = (token: string) => shareKeys.view(token)

export const sharedRecordingQuery = (token: string) =>
  queryOptions({
    queryKey: shareKeys.view(token),
    queryFn: ({ signal }) => fetchSharedRecording(token, signal),
    // A revoked or expired link does not come back by asking again.
    retry: false,
    staleTime: 60_000,
  })
