import { chatRequest } from './api/http'
import { ApiError } from './api/errors'

// Apart from ./share: the password form (PasswordGate) is loaded by the shared
// recording's page and by a clip's, and neither should carry the other's code.

/**
 * POST /api/v1/share/{token}/unlock: the server sets the cookie that opens
 * the link in this browser. Refusals (WRONG_PASSWORD, TOO_MANY_ATTEMPTS with
 * the server's message) are thrown as ApiError.
 */
export async function unlockSharedRecording(token: string, password: string): Promise<void> {
  const res = await chatRequest<unknown>(`/api/v1/share/${encodeURIComponent(token)}/unlock`, {
    method: 'POST',
    body: { password },
    auth: false,
  })
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
}
