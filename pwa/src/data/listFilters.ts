import { FLAG_NAMES, flagField, flagOn, type FlagName } from './recordingFields'

/**
 * The list's filters (date range, folder, has summary, person, a flag field on), kept in the URL so
 * Back and reload keep them. One place turns them into the server's
 * dashboard/search parameters.
 */
export interface ListFilters {
  /** YYYY-MM-DD, inclusive; '' for unbounded. */
  from: string
  to: string
  /** A folder id; '' for any folder. */
  folderId: string
  hasSummary: boolean
  /** A person named in the recording (matched case-insensitively by the server); '' for anyone. */
  person: string
  /** Flag fields that must be on (only starred recordings), in the table's order; a hiding one (archived) also shows what it hides. */
  flags: FlagName[]
}

export const NO_FILTERS: ListFilters = { from: '', to: '', folderId: '', hasSummary: false, person: '', flags: [] }

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Reads the filters from the URL; malformed values are ignored rather than sent. */
export function filtersFromParams(params: URLSearchParams): ListFilters {
  const date = (name: string) => {
    const v = params.get(name) ?? ''
    return DATE.test(v) ? v : ''
  }
  return {
    from: date('from'),
    to: date('to'),
    folderId: params.get('folder_id')?.trim() ?? '',
    hasSummary: params.get('has_summary') === '1',
    person: params.get('person')?.trim() ?? '',
    flags: FLAG_NAMES.filter((name) => params.get(name) === '1'),
  }
}

/** Writes the filters into params (other params kept), dropping empty ones. */
export function withFilters(params: URLSearchParams, f: ListFilters): URLSearchParams {
  const out = new URLSearchParams(params)
  const set = (name: string, value: string) => (value === '' ? out.delete(name) : out.set(name, value))
  set('from', f.from)
  set('to', f.to)
  set('folder_id', f.folderId)
  set('has_summary', f.hasSummary ? '1' : '')
  set('person', f.person)
  for (const name of FLAG_NAMES) set(name, f.flags.includes(name) ? '1' : '')
  return out
}

/** How many filters are on (the button shows it). */
export function activeFilterCount(f: ListFilters): number {
  return (
    [f.from !== '' || f.to !== '', f.folderId !== '', f.hasSummary, f.person !== ''].filter(Boolean).length +
    f.flags.length
  )
}

/** The server's parameters (GET /recordings/dashboard and /search accept the same); a flag filter on asks for only those. */
export function filterQuery(f: ListFilters): Record<string, string | undefined> {
  const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, f.flags.includes(name) ? 'true' : undefined]))
  return {
    ...flags,
    start_date: f.from || undefined,
    end_date: f.to || undefined,
    folder_id: f.folderId || undefined,
    has_summarization: f.hasSummary ? 'true' : undefined,
    person: f.person || undefined,
  }
}

/**
 * Whether a recording the server answered shows under these filters: one a
 * hiding flag is on for (archived) shows only with that flag's filter on.
 * Left out here rather than asked of the server, so a plain search still
 * sends only q (spec).
 */
export function shownUnder(f: ListFilters, recording: unknown): boolean {
  return !FLAG_NAMES.some((name) => flagField(name).hides && !f.flags.includes(name) && flagOn(recording, name))
}
