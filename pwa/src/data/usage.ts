import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from './api/http'

/** One per-user limit as GET /api/v1/usage answers it. `limit` 0: no limit; `used` null: not counted. */
export interface UsageItem {
  id: string
  used: number | null
  limit: number
  unit: 'count' | 'bytes' | 'perDay' | 'perMinute' | 'atOnce'
}

const UNITS = new Set(['count', 'bytes', 'perDay', 'perMinute', 'atOnce'])

export const usageKeys = { all: ['usage'] as const }

/** The user's usage beside each limit; asked afresh whenever the dialog opens. */
export const usageQuery = () =>
  queryOptions({
    queryKey: usageKeys.all,
    queryFn: async ({ signal }) => parseUsage(await apiRequest<unknown>('/api/v1/usage', { signal })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

/** Reads the answer's items, dropping any of a shape this app does not know. */
export function parseUsage(body: unknown): UsageItem[] {
  const data = (body as { data?: { items?: unknown } } | null)?.data
  const items = Array.isArray(data?.items) ? data.items : []
  return items.flatMap((raw): UsageItem[] => {
    const it = raw as Partial<UsageItem> | null
    if (!it || typeof it.id !== 'string' || typeof it.limit !== 'number' || !UNITS.has(String(it.unit))) return []
    const used = typeof it.used === 'number' ? it.used : null
    return [{ id: it.id, used, limit: it.limit, unit: it.unit as UsageItem['unit'] }]
  })
}
