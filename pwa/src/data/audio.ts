import { apiRequest } from './api/http'

/**
 * Where the player loads a recording's audio from. An <audio> element sends
 * no Authorization header, and the app signs in with bearer ID tokens, so the
 * owner's app asks the server (with its token) for a signed link to that one
 * recording's audio, good for some hours; the element then streams it with
 * ordinary range requests. A share link's audio is reached by its token.
 */
export async function fetchAudioLink(id: string, signal?: AbortSignal): Promise<string> {
  const res = await apiRequest<{ data?: { url?: unknown } }>(
    `/api/v1/recordings/${encodeURIComponent(id)}/audio/link`,
    { signal },
  )
  const url = res?.data?.url
  if (typeof url !== 'string' || !url.startsWith('/api/')) throw new Error('The server gave no audio link')
  return url
}

export const sharedAudioUrl = (token: string) => `/api/v1/share/${encodeURIComponent(token)}/audio`

/** How long a fetched link is used before asking again (the server's last 6 h). */
export const AUDIO_LINK_FRESH_MS = 4 * 60 * 60 * 1000

const POSITIONS_KEY = 'pocket.audio.positions'
const MAX_POSITIONS = 200

type Positions = Record<string, number>

function readAll(): Positions {
  try {
    const raw = JSON.parse(localStorage.getItem(POSITIONS_KEY) ?? '{}') as unknown
    return raw && typeof raw === 'object' ? (raw as Positions) : {}
  } catch {
    return {}
  }
}

/** Where listening to a recording stopped last time (seconds; 0 when never). */
export function playedPosition(key: string): number {
  const t = readAll()[key]
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : 0
}

/** Remembers where listening stopped; the oldest of many are forgotten. */
export function rememberPosition(key: string, seconds: number): void {
  const all = readAll()
  delete all[key]
  all[key] = Math.max(0, Math.round(seconds * 10) / 10)
  const keys = Object.keys(all)
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_POSITIONS))) delete all[old]
  try {
    localStorage.setItem(POSITIONS_KEY, JSON.stringify(all))
  } catch {
    // Private mode or a full quota: the position is simply not remembered.
  }
}
