import { useQuery } from '@tanstack/react-query'
import { peopleQuery } from '@/data/people'

interface Props {
  /** The chosen person's name; '' for anyone. */
  value: string
  onChange: (person: string) => void
}

/**
 * The list filter's "Person": everyone named in the library. A person chosen
 * before (kept in the URL) stays offered while the list is loading, offline,
 * or after they were renamed away, so the select never hides the filter in force.
 */
export function PersonSelect({ value, onChange }: Props) {
  const { data, isError } = useQuery(peopleQuery())
  const names = (data ?? []).map((p) => p.name)
  // ?person= matches case-insensitively, as the server does.
  const selected = names.find((n) => n.toLowerCase() === value.toLowerCase()) ?? value
  if (selected && !names.includes(selected)) names.unshift(selected)
  return (
    <div className="filter-panel__folder">
      <label className="filter-panel__folder">
        Person
        <select
          value={selected}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={isError ? 'person-filter-error' : undefined}
        >
          <option value="">Anyone</option>
          {names.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {isError && (
        <span id="person-filter-error" className="filter-panel__note">
          The people in your library could not be loaded.
        </span>
      )}
    </div>
  )
}
