import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { SearchBar } from './list/SearchBar'
import { FiltersButton } from './filters/FiltersButton'
import type { ListFilters } from '@/data/listFilters'
import './recordings.css'

interface Props {
  query: string
  onSubmit: (text: string) => void
  onClear: () => void
  filters: ListFilters
  onFiltersChange: (filters: ListFilters) => void
  children: ReactNode
}

/**
 * The list screen around its content: heading, the library chat's link,
 * search and filters. Also rendered at build time into recordings-view.html
 * (app/prerender), where the server puts the list's first rows.
 */
export function RecordingsFrame({ query, onSubmit, onClear, filters, onFiltersChange, children }: Props) {
  return (
    <section className="recordings" aria-labelledby="recordings-title">
      <div className="recordings__head">
        <h1 id="recordings-title">Recordings</h1>
        {/* A link, not the panel itself: the library chat is its own lazily loaded route. */}
        <Link to="/ask" className="button recordings__ask">
          Ask about all recordings
        </Link>
      </div>
      <SearchBar query={query} onSubmit={onSubmit} onClear={onClear} />
      <FiltersButton filters={filters} onChange={onFiltersChange} />
      {children}
    </section>
  )
}
