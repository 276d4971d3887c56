import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, networkError } from './errors'
import { session } from '../session'

export type QueryParams = Record<string, string | number | boolean | null | undefined>

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: QueryParams
  body?: unknown
  /** Send the session's bearer token (default true). Auth endpoints opt out. */
  auth?: boolean
  signal?: AbortSignal
  /** Read a successful answer as a file (a Blob and its name), not as JSON. */
  download?: boolean
}

export interface RawResponse<T> {
  status: number
  data: T
}

/**
 * The product's HTTP client (spec §7): same origin, no timeout unless the
 * caller passes a signal, statuses 200–299 resolve with the parsed body and
 * anything else rejects with an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendRefreshingOnce(path, options)
  if (response.status >= 200 && response.status < 300) return response.data as T
  throw ApiError.fromResponse(response.status, response.data)
}

/** A downloaded file: its bytes and the name the server gave it. */
export interface Download {
  blob: Blob
  filename: string
}

/**
 * GET a file through the product's client (bearer token, refresh on 401):
 * 2xx resolves with the file, anything else rejects with an ApiError read
 * from the server's JSON error.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> = {},
): Promise<Download> {
  const response = await sendRefreshingOnce(path, { ...options, download: true })
  if (response.status >= 200 && response.status < 300) return response.data as Download
  throw ApiError.fromResponse(response.status, response.data)
}

/**
 * The chat/share client (spec §7): a status of 500 or more throws; every
 * other status is handed back with its body so screens can tell 401, 404 and
 * 410 apart. A network failure counts as a 500 with code NETWORK_ERROR (§8).
 */
export async function chatRequest<T>(path: string, options: RequestOptions = {}): Promise<RawResponse<T>> {
  let response: RawResponse<unknown>
  try {
    response = await sendRefreshingOnce(path, options)
  } catch (error) {
    throw new ApiError({ status: 500, code: NETWORK_ERROR_CODE, message: NETWORK_ERROR_MESSAGE, body: error })
  }
  if (response.status >= 500) throw ApiError.fromResponse(response.status, response.data)
  return response as RawResponse<T>
}

/**
 * Sends once more after a 401 when a fresh ID token could be had: a laptop
 * waking after its token expired should not see an error before the
 * background refresh has run. Signed in without any token (the session
 * restored from the device while offline, the server now back), it
 * refreshes first instead of being refused once. Both clients share this.
 */
async function sendRefreshingOnce(path: string, options: RequestOptions): Promise<RawResponse<unknown>> {
  const authed = options.auth !== false
  const refreshFirst = authed && !session.getIdToken() && session.canRefresh()
  if (refreshFirst) await session.refreshAfterUnauthorized()
  const early = takeEarlyGet(path, options)
  const response = (early && (await early)) ?? (await send(path, options))
  const mayRetry = authed && !refreshFirst && response.status === 401
  if (mayRetry && (await session.refreshAfterUnauthorized())) return send(path, options)
  return response
}

/** A GET started before a screen asked for it, by URL (see startEarlyGet). */
interface EarlyGet {
  token: string
  response: Promise<RawResponse<unknown> | undefined>
  expires: number
}
const earlyGets = new Map<string, EarlyGet>()
/** An early answer older than this is not handed out: the screen asks afresh. */
const EARLY_GET_TTL_MS = 10_000

/**
 * Starts a GET with `token` now (a cold start, as soon as the session's token
 * is back, while the screen is still rendering). The first request for the
 * same URL within 10 s, under the same token, takes this answer instead of
 * asking again; a network failure here is forgotten and the screen asks again.
 */
export function startEarlyGet(path: string, query: QueryParams, token: string): void {
  const response = send(path, { query }, token).catch(() => undefined)
  earlyGets.set(buildUrl(path, query), { token, response, expires: Date.now() + EARLY_GET_TTL_MS })
}

/**
 * The early answer for this request, once; undefined when there is none to
 * use. Not async: every other request goes on without waiting a turn.
 */
function takeEarlyGet(path: string, options: RequestOptions): Promise<RawResponse<unknown> | undefined> | undefined {
  if (earlyGets.size === 0 || (options.method ?? 'GET') !== 'GET' || options.download || options.auth === false)
    return undefined
  const url = buildUrl(path, options.query)
  const early = earlyGets.get(url)
  earlyGets.delete(url)
  if (!early || early.expires < Date.now() || early.token !== session.getIdToken()) return undefined
  return early.response
}

/** Sends one request; `token` stands in for the session's (an early GET is sent before the session holds it). */
async function send(
  path: string,
  options: RequestOptions,
  token = options.auth === false ? null : session.getIdToken(),
): Promise<RawResponse<unknown>> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    throw networkError(error)
  }
  if (options.download && response.ok) return { status: response.status, data: await readFile(response) }
  return { status: response.status, data: await readBody(response) }
}

async function readFile(response: Response): Promise<Download> {
  try {
    return { blob: await response.blob(), filename: fileName(response.headers.get('Content-Disposition')) }
  } catch (error) {
    throw networkError(error) // the connection dropped mid-file
  }
}

/** The file name of a Content-Disposition header: filename* (UTF-8) first, then filename. */
export function fileName(disposition: string | null): string {
  if (!disposition) return 'download'
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  if (extended) {
    try {
      return decodeURIComponent(extended.trim())
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? 'download'
}

/** Absolute URL on our own origin (Node's fetch, used by tests, needs one). */
function buildUrl(path: string, query?: QueryParams): string {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost')
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value))
  }
  return url.toString()
}

async function readBody(response: Response): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw networkError(error) // the connection dropped mid-body
  }
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
