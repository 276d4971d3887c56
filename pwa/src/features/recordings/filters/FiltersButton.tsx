import { useState } from 'react'
import { activeFilterCount, NO_FILTERS, type ListFilters } from '@/data/listFilters'
import { loadWhenShown } from '@/ui/loadWhenShown'

// The panel (and the folder list it reads) loads on first open, not with the list.
const FilterPanel = loadWhenShown(() => import('./FilterPanel').then((m) => m.default))

interface Props {
  filters: ListFilters
  onChange: (filters: ListFilters) => void
}

/** "Filters" with how many are on; opens the panel. "Clear filters" beside it while any is on. */
export function FiltersButton({ filters, onChange }: Props) {
  const [open, setOpen] = useState(false)
  const count = activeFilterCount(filters)
  return (
    <div className="list-filters">
      <button type="button" className="button button--secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Filters
        {count > 0 && (
          <>
            <span className="list-filters__count" aria-hidden="true">
              {count}
            </span>
            {/* Read as "Filters, 2 on"; the badge alone is for the eye. */}
            <span className="visually-hidden">, {count} on</span>
          </>
        )}
      </button>
      {count > 0 && (
        <button type="button" className="button button--link" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
      {open && (
        <FilterPanel
          filters={filters}
          onClose={() => setOpen(false)}
          onApply={(f) => {
            setOpen(false)
            onChange(f)
          }}
        />
      )}
    </div>
  )
}
