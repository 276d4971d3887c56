import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'
import { isApiError, NETWORK_ERROR_CODE } from './api/errors'
import { forgetKeptTemplates, keepTemplates, keptTemplates, type SummaryTemplate } from './templates'

export type { SummaryTemplate } from './templates'

/** One summary version of a recording; the current one is what the Summary tab shows. */
export interface SummaryVersion {
  id: string
  templateId: string | null
  language: string | null
  engine: string | null
  status: 'pending' | 'running' | 'failed' | 'completed'
  error?: string
  createdAt: string
  current: boolean
  v2Summary: string
}

/** Output languages the Regenerate dialog offers (BCP 47 tags the server takes). */
export const SUMMARY_LANGUAGES: { tag: string; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'German' },
  { tag: 'fr', name: 'French' },
  { tag: 'es', name: 'Spanish' },
  { tag: 'it', name: 'Italian' },
  { tag: 'pt', name: 'Portuguese' },
  { tag: 'nl', name: 'Dutch' },
]

export const versionKeys = {
  templates: ['templates'] as const,
  versions: (id: string) => ['summaryVersions', id] as const,
}

const list = <T>(body: { data?: unknown }) => (Array.isArray(body.data) ? (body.data as T[]) : [])

/** The templates, kept on the device when read (data/templates.ts): offline, the last list read answers. */
export const templatesQuery = () =>
  queryOptions({
    queryKey: versionKeys.templates,
    queryFn: async ({ signal }) => {
      try {
        const templates = list<SummaryTemplate>(await apiRequest('/api/v1/templates', { signal }))
        keepTemplates(templates)
        return templates
      } catch (error) {
        const kept = isApiError(error) && error.code === NETWORK_ERROR_CODE ? keptTemplates() : null
        if (kept) return kept
        throw error
      }
    },
    staleTime: 60_000,
  })

const versionsPath = (id: string) => `/api/v1/recordings/${encodeURIComponent(id)}/summaries`

/**
 * The recording's versions, asked afresh while one is being made (every two
 * seconds). Each answer is kept on the device (keepVersions), so offline the
 * versions already fetched stay readable.
 */
export const versionsQuery = (id: string) =>
  queryOptions({
    queryKey: versionKeys.versions(id),
    queryFn: async ({ signal }) => {
      try {
        const versions = list<SummaryVersion>(await apiRequest(versionsPath(id), { signal }))
        keepVersions(id, versions)
        return versions
      } catch (error) {
        const kept = isApiError(error) && error.code === NETWORK_ERROR_CODE ? keptVersions(id) : null
        if (kept) return kept
        throw error
      }
    },
    refetchInterval: (q) =>
      q.state.data?.some((v) => v.status === 'pending' || v.status === 'running') ? 2000 : false,
    retry: false,
  })

export async function regenerateSummary(id: string, templateId: string, language: string): Promise<SummaryVersion> {
  const body = { templateId, language }
  return (await apiRequest<{ data: SummaryVersion }>(versionsPath(id), { method: 'POST', body })).data
}

export async function setCurrentVersion(id: string, versionId: string): Promise<void> {
  await apiRequest<unknown>(`${versionsPath(id)}/current`, { method: 'PUT', body: { id: versionId } })
}

export async function cancelVersion(id: string, versionId: string): Promise<void> {
  await apiRequest<unknown>(`${versionsPath(id)}/${encodeURIComponent(versionId)}`, { method: 'DELETE' })
}

/** Kept versions live in local storage, for the last KEEP recordings opened. */
const PREFIX = 'pocket.summaryVersions.'
const KEEP = 30

function keepVersions(id: string, versions: SummaryVersion[]): void {
  try {
    localStorage.setItem(PREFIX + id, JSON.stringify({ at: Date.now(), versions }))
    const kept = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX))
    if (kept.length <= KEEP) return
    const byAge = kept.map((k) => ({ k, at: (JSON.parse(localStorage.getItem(k) ?? '{}') as { at?: number }).at ?? 0 }))
    byAge.sort((a, b) => a.at - b.at)
    for (const { k } of byAge.slice(0, kept.length - KEEP)) localStorage.removeItem(k)
  } catch {
    // Private mode or a full storage: the versions are just not kept offline.
  }
}

function keptVersions(id: string): SummaryVersion[] | null {
  try {
    const raw = localStorage.getItem(PREFIX + id)
    return raw ? ((JSON.parse(raw) as { versions: SummaryVersion[] }).versions ?? null) : null
  } catch {
    return null
  }
}

/** Sign-out: no copy of another account's versions stays on the device. */
export function forgetKeptVersions(): void {
  forgetKeptTemplates()
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith(PREFIX)) localStorage.removeItem(k)
  } catch {
    // Nothing kept.
  }
}
