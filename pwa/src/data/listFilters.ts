/**
 * The list's filters (date range, folder, has summary, person), kept in the URL so
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
}

export const NO_FILTERS: ListFilters = { from: '', to: '', folderId: '', hasSummary: false, person: '' }

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
  return out
}

/** How many filters are on (the button shows it). */
export function activeFilterCount(f: ListFilters): number {
  return [f.from !== '' || f.to !== '', f.folderId !== '', f.hasSummary, f.person !== ''].filter(Boolean).length
}

/** The server's parameters (GET /recordings/dashboard and /search accept the same). */
export function filterQuery(f: ListFilters): Record<string, string | undefined> {
  return {
    start_date: f.from || undefined,
    end_date: f.to || undefined,
    folder_id: f.folderId || undefined,
    has_summarization: f.hasSummary ? 'true' : undefined,
    person: f.person || undefined,
  }
}
