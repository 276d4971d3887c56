/**
 * The one error type the data layer throws. It mirrors the fields the spec's
 * HTTP client exposes (status, code) and keeps the server's own message apart
 * from the generic one, because the login error catalogue (spec §8) branches
 * on "the server said something" versus "no text".
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  /** The server's `message`, when its JSON body had one. */
  readonly serverMessage: string | undefined
  readonly body: unknown

  constructor(init: { status: number; code: string; message: string; serverMessage?: string; body?: unknown }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.serverMessage = init.serverMessage
    this.body = init.body
  }

  static fromResponse(status: number, body: unknown): ApiError {
    const serverMessage = stringField(body, 'message')
    return new ApiError({
      status,
      code: stringField(body, 'code') ?? (status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST'),
      message: serverMessage ?? `Request failed with status code ${status}`,
      serverMessage,
      body,
    })
  }
}

/**
 * The code of every failure to reach the server (offline, DNS, connection
 * refused), from either client: the spec's share network failure (§8) names it.
 */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR'
/** What the chat/share client says when the server cannot be reached (spec §8 Share). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.'

/** fetch itself failed: offline, DNS, connection refused, aborted. */
export function networkError(cause: unknown): ApiError {
  const aborted = cause instanceof DOMException && (cause.name === 'AbortError' || cause.name === 'TimeoutError')
  const error = new ApiError({
    status: 0,
    code: aborted ? 'ERR_CANCELED' : NETWORK_ERROR_CODE,
    message: aborted ? 'Request canceled' : 'Network Error',
  })
  error.cause = cause
  return error
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** True when the server was reached and answered with one of these statuses. */
export function hasStatus(error: unknown, ...statuses: number[]): boolean {
  return isApiError(error) && statuses.includes(error.status)
}

function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[key]
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** True when the server was never reached (offline, server down). */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && (error.code === NETWORK_ERROR_CODE || error.code === 'ERR_CANCELED')
}

/**
 * The server's own words for a limit reached (413: a quota on what the user
 * keeps; 429: a rate), which say what the limit is and what makes room, or
 * undefined for other failures, which keep their screen's generic text.
 */
export function limitMessage(error: unknown): string | undefined {
  return hasStatus(error, 413, 429) && isApiError(error) ? error.serverMessage : undefined
}
