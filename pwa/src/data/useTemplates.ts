import { useQuery } from '@tanstack/react-query'
import type { PocketDB } from './db'
import { useDeviceQuery } from './device/useDeviceQuery'
import { templatesQuery } from './summaryVersions'
import { BUILTIN_TEMPLATES, type SummaryTemplate } from './templates'

/** The user's own templates as the device shows them (queued edits laid over), in the order they were made. */
export async function ownTemplates(db: PocketDB): Promise<SummaryTemplate[]> {
  // Ids start with the time they were made at (on the server or a device): key order is the server's list order.
  const rows = await db.templates.toArray()
  return rows.map(({ id, name, sections }) => ({ id, name, sections, builtin: false }))
}

export interface TemplateList {
  /** The built-ins as the server lists them (the last list read offline); their names alone before any. */
  builtins: SummaryTemplate[]
  /** undefined while the device store is read. */
  own: SummaryTemplate[] | undefined
  /** The built-ins' full list is not known yet (their sections are the server's). */
  builtinsPending: boolean
  builtinsFailed: boolean
  retryBuiltins: () => void
}

/**
 * The templates a user can choose from: the built-ins from the server (they
 * never change, so the last list read does offline) and the user's own from
 * the device store, which sync fills and edits write at once (ADR 25), so
 * they are there offline, new ones included.
 */
export function useTemplates(): TemplateList {
  const q = useQuery(templatesQuery())
  const own = useDeviceQuery(ownTemplates, ['templates'])
  const builtins =
    q.data?.filter((t) => t.builtin) ?? BUILTIN_TEMPLATES.map((t) => ({ ...t, builtin: true, sections: [] }))
  return {
    builtins,
    own,
    builtinsPending: q.isPending,
    builtinsFailed: q.isError,
    retryBuiltins: () => void q.refetch(),
  }
}
