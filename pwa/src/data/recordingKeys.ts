/**
 * The recordings' query keys and page size, apart from the fetchers: the
 * shared page names a key (its share links) without loading the device
 * store the fetchers write to.
 */
export const DASHBOARD_PAGE_SIZE = 20

/** Query keys of the recordings feature: invalidate by prefix. */
export const recordingKeys = {
  all: ['recordings'] as const,
  dashboard: (limit = DASHBOARD_PAGE_SIZE) => [...recordingKeys.all, 'dashboard', { limit }] as const,
  searches: () => [...recordingKeys.all, 'search'] as const,
  search: (q: string) => [...recordingKeys.searches(), q] as const,
  /** The list with the filters panel's filters (data/filteredDashboard.ts). */
  filtered: () => [...recordingKeys.all, 'filtered'] as const,
  detail: (id: string) => [...recordingKeys.all, 'detail', id] as const,
  shares: (id: string) => [...recordingKeys.all, 'shares', id] as const,
}
