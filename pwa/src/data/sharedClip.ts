import { queryOptions } from '@tanstack/react-query'
import { chatRequest } from './api/http'
import { ApiError } from './api/errors'
import { asArray, asObject, text } from './normalize/loose'

// The visitor's side of a clip (ADR 24), apart from ./share so the shared recording's page does not carry it.

/** One transcript line of a clip, its times on the recording's timeline (seconds), kept within the clip. */
export interface ClipSegment {
  speaker: string
  text: string
  start: number
  end: number
}

/** What a clip's link shows: the recording's title and the highlight's passage, nothing else of it. */
export interface SharedClip {
  recordingTitle: string
  text: string
  /** The highlight's range on the recording's timeline, in seconds. */
  start: number
  end: number
  speakers: string[]
  segments: ClipSegment[]
  allowDownload: boolean
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : NaN)

export function normalizeSharedClip(raw: unknown): SharedClip | null {
  const data = asObject(asObject(raw)?.data)
  const start = num(data?.start)
  const end = num(data?.end)
  if (!data || Number.isNaN(start) || Number.isNaN(end)) return null
  const segments = (asArray(data.segments) ?? []).flatMap((s): ClipSegment[] => {
    const seg = asObject(s)
    const [a, b] = [num(seg?.start), num(seg?.end)]
    if (!seg || Number.isNaN(a) || Number.isNaN(b)) return []
    return [{ speaker: text(seg.speaker).trim(), text: text(seg.text), start: a, end: b }]
  })
  return {
    recordingTitle: text(data.recordingTitle).trim(),
    text: text(data.text),
    start,
    end,
    speakers: (asArray(data.speakers) ?? []).map((s) => text(s).trim()).filter(Boolean),
    segments,
    allowDownload: data.allowDownload === true,
  }
}

/**
 * GET /api/v1/share/shared/clip?token=…, without the bearer token (the share
 * token alone decides). Non-2xx answers below 500 are thrown as ApiError so
 * the page tells 410, 404 and 401 apart, as the shared recording's does.
 */
export async function fetchSharedClip(token: string, signal?: AbortSignal): Promise<SharedClip> {
  if (!token.trim()) throw new ApiError({ status: 400, code: 'NO_SHARE_TOKEN', message: 'No share token provided' })
  const res = await chatRequest<unknown>('/api/v1/share/shared/clip', { query: { token }, auth: false, signal })
  if (res.status < 200 || res.status >= 300) throw ApiError.fromResponse(res.status, res.data)
  const clip = normalizeSharedClip(res.data)
  if (!clip)
    throw new ApiError({ status: 200, code: 'NO_DATA', message: 'Unable to load recording data.', body: res.data })
  return clip
}

export const sharedClipQuery = (token: string) =>
  queryOptions({
    queryKey: ['share', 'clip', token] as const,
    queryFn: ({ signal }) => fetchSharedClip(token, signal),
    // A revoked or expired link does not come back by asking again.
    retry: false,
    staleTime: 60_000,
  })

/** Whether the clip's audio can be played and where on the recording's timeline its bytes begin. */
export type ClipAudio = { playable: false } | { playable: true; url: string; from: number }

/**
 * Asks the audio route (HEAD: no bytes) whether it can cut this clip and where
 * the cut really begins: an Ogg cut is whole pages, so it may begin up to a
 * second before the highlight (X-Clip-Start). 404 (an MP3 or M4A recording,
 * CLIP_AUDIO_UNAVAILABLE) and 413 mean nothing to play. A network failure is
 * thrown, so the page can try again.
 */
export async function fetchClipAudio(token: string, start: number, signal?: AbortSignal): Promise<ClipAudio> {
  // The path data/audio's sharedAudioUrl builds, written here so this page does not pull that module out of the recording's chunk.
  const url = `/api/v1/share/${encodeURIComponent(token)}/audio`
  const res = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal })
  if (!res.ok) {
    if (res.status === 404 || res.status === 413) return { playable: false }
    throw new ApiError({ status: res.status, code: 'AUDIO_FAILED', message: 'Could not load the audio' })
  }
  const from = Number.parseFloat(res.headers.get('X-Clip-Start') ?? '')
  return { playable: true, url, from: Number.isFinite(from) ? from : start }
}

export const clipAudioQuery = (token: string, start: number) =>
  queryOptions({
    queryKey: ['share', 'clip-audio', token] as const,
    queryFn: ({ signal }) => fetchClipAudio(token, start, signal),
    retry: 1,
    staleTime: Infinity,
  })
