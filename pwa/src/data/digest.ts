import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'

/** How often the digest goes out on its own (docs/api.md "Digest"). */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number]

export interface DigestSettings {
  frequency: DigestFrequency
  email: boolean
  push: boolean
}

export interface DigestRecording {
  id: string
  title: string
  summary: string
}

export interface DigestActionItem {
  recordingId: string
  recordingTitle: string
  title: string
}

export interface Digest {
  since: string
  recordings: DigestRecording[]
  more: number
  actionItems: DigestActionItem[]
}

export interface DigestSent {
  email: boolean
  push: boolean
  recordings: number
}

export const digestKeys = {
  current: ['digest'] as const,
  settings: ['digest', 'settings'] as const,
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const obj = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {})
const arr = (v: unknown) => (Array.isArray(v) ? v.map(obj) : [])

/** Reads GET /api/v1/digest's data; anything missing reads as empty. */
export function parseDigest(body: unknown): Digest {
  const d = obj(obj(body).data)
  return {
    since: str(d.since),
    recordings: arr(d.recordings).flatMap((r) =>
      str(r.id) ? [{ id: str(r.id), title: str(r.title), summary: str(r.summary) }] : [],
    ),
    more: typeof d.more === 'number' ? d.more : 0,
    actionItems: arr(d.actionItems).map((a) => ({
      recordingId: str(a.recordingId),
      recordingTitle: str(a.recordingTitle),
      title: str(a.title),
    })),
  }
}

/** Reads the settings' data; an unknown frequency reads as off. */
export function parseDigestSettings(body: unknown): DigestSettings {
  const d = obj(obj(body).data)
  const f = DIGEST_FREQUENCIES.find((x) => x === d.frequency) ?? 'off'
  return { frequency: f, email: d.email === true, push: d.push === true }
}

export const digestQuery = () =>
  queryOptions({
    queryKey: digestKeys.current,
    queryFn: async ({ signal }) => parseDigest(await apiRequest<unknown>('/api/v1/digest', { signal })),
    staleTime: 0,
    retry: false,
  })

export const digestSettingsQuery = () =>
  queryOptions({
    queryKey: digestKeys.settings,
    queryFn: async ({ signal }) =>
      parseDigestSettings(await apiRequest<unknown>('/api/v1/settings/digest', { signal })),
    staleTime: 0,
    retry: false,
  })

export async function saveDigestSettings(settings: DigestSettings): Promise<DigestSettings> {
  return parseDigestSettings(await apiRequest<unknown>('/api/v1/settings/digest', { method: 'PUT', body: settings }))
}

export async function sendDigestNow(): Promise<DigestSent> {
  const d = obj(obj(await apiRequest<unknown>('/api/v1/digest/send', { method: 'POST' })).data)
  return {
    email: d.email === true,
    push: d.push === true,
    recordings: typeof d.recordings === 'number' ? d.recordings : 0,
  }
}
