import { useState, type FormEvent } from 'react'
import { useFolderList } from '@/data/folders/useFolders'
import { byFolderName } from '@/data/folders/tree'
import { NO_FILTERS, type ListFilters } from '@/data/listFilters'
import { FLAG_NAMES, flagField, type FlagName } from '@/data/recordingFields'
import { PersonSelect } from '@/features/people/PersonSelect'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { DateRangeFields, isBadDateRange } from '@/ui/date-range/DateRangeFields'
import './filters.css'

interface Props {
  filters: ListFilters
  onApply: (filters: ListFilters) => void
  onClose: () => void
}

/** The flags with name on or off, in the table's order. */
const toggled = (flags: FlagName[], name: FlagName, on: boolean) =>
  FLAG_NAMES.filter((n) => (n === name ? on : flags.includes(n)))

/**
 * The list's filters in a modal dialog (a bottom sheet on phones, by CSS).
 * Changes apply on "Apply"; "Clear filters" empties them at once.
 */
export default function FilterPanel({ filters, onApply, onClose }: Props) {
  const [draft, setDraft] = useState(filters)
  const folders = useFolderList()
  const badRange = isBadDateRange(draft)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!badRange) onApply(draft)
  }
  return (
    <ModalDialog title="Filters" onClose={onClose} className="filter-panel" closeButton>
      <form onSubmit={submit} className="filter-panel__form">
        <DateRangeFields
          range={draft}
          onChange={({ from, to }) => setDraft({ ...draft, from, to })}
          className="filter-panel__dates"
          errorClassName="filter-panel__error"
        />
        <label className="filter-panel__folder">
          Folder
          <select value={draft.folderId} onChange={(e) => setDraft({ ...draft, folderId: e.target.value })}>
            <option value="">Any folder</option>
            {(folders ?? [])
              .slice()
              .sort(byFolderName)
              .map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
          </select>
        </label>
        <PersonSelect value={draft.person} onChange={(person) => setDraft({ ...draft, person })} />
        <label className="filter-panel__check">
          <input
            type="checkbox"
            checked={draft.hasSummary}
            onChange={(e) => setDraft({ ...draft, hasSummary: e.target.checked })}
          />
          Has summary
        </label>
        {FLAG_NAMES.map((name) => (
          <label key={name} className="filter-panel__check">
            <input
              type="checkbox"
              checked={draft.flags.includes(name)}
              onChange={(e) => setDraft({ ...draft, flags: toggled(draft.flags, name, e.target.checked) })}
            />
            {flagField(name).filter}
          </label>
        ))}
        <div className="filter-panel__actions">
          <button type="button" className="button button--secondary" onClick={() => onApply(NO_FILTERS)}>
            Clear filters
          </button>
          <button type="submit" className="button" disabled={badRange}>
            Apply
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
