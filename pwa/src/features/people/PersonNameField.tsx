import { useId, useMemo, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { matchPeople, type Person } from '@/data/normalize/people'
import type { InlineFieldProps } from '@/ui/inline-edit/InlineEdit'
import { usePeople } from './usePeople'
import './people.css'

interface Props {
  field: InlineFieldProps
  /** Saves the chosen name at once. */
  commit: (name: string) => void
}

/** InlineEdit's name box for a speaker, offering the people already named in the library. */
export function SpeakerNameField({ field, commit }: Props) {
  return <PersonCombobox field={field} commit={commit} people={usePeople()} />
}

/**
 * An editable combobox (ARIA 1.2, list autocomplete): typing filters the
 * people below the box; Down/Up move through them, Enter or a click names
 * the speaker with the highlighted person, Escape closes the list (a second
 * Escape cancels the edit). Focus stays in the box throughout, and a live
 * region says how many people match.
 */
export function PersonCombobox({ field, commit, people }: Props & { people: readonly Person[] }) {
  const listId = useId()
  // Naming a generic speaker (an empty box) shows everyone straight away.
  const [open, setOpen] = useState(field.value === '')
  const [active, setActive] = useState(-1)
  // Until something is typed the box holds the speaker's name: everyone else is offered.
  const [typed, setTyped] = useState(false)
  const matches = useMemo(
    () =>
      matchPeople(
        people.filter((p) => p.name !== field.value.trim()),
        typed ? field.value : '',
      ),
    [people, field.value, typed],
  )
  const expanded = open && matches.length > 0
  const current = expanded && active < matches.length ? active : -1
  const optionId = (i: number) => `${listId}-${i}`

  const onKeyDown = (e: KeyboardEvent) => {
    const move = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0
    if (move !== 0 && matches.length > 0) {
      e.preventDefault()
      setOpen(true)
      setActive((i) =>
        i < 0 || !expanded ? (move > 0 ? 0 : matches.length - 1) : (i + move + matches.length) % matches.length,
      )
    } else if (e.key === 'Enter' && current >= 0) {
      e.preventDefault()
      commit(matches[current]!.name)
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault()
      setOpen(false)
      setActive(-1)
    } else {
      field.onKeyDown(e)
    }
  }
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    field.onChange(e)
    setTyped(true)
    setOpen(true)
    setActive(-1)
  }

  return (
    <div className="person-combobox">
      <input
        {...field}
        type="text"
        role="combobox"
        enterKeyHint="done"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        onKeyDown={onKeyDown}
        onChange={onChange}
      />
      {expanded && (
        <ul id={listId} role="listbox" aria-label="People in your library" className="person-combobox__list">
          {matches.map((p, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input keeps focus and takes the keys (arrows, Enter) for its options
            <li
              key={p.name}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className="person-combobox__option"
              // Keeps focus in the box: its blur would save what is typed so far.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => commit(p.name)}
            >
              {p.name}
              <span className="person-combobox__count"> · {recordingsText(p.recordings)}</span>
            </li>
          ))}
        </ul>
      )}
      <span className="visually-hidden" role="status">
        {expanded
          ? `${matches.length} ${matches.length === 1 ? 'person matches' : 'people match'}, up and down arrows to choose`
          : ''}
      </span>
    </div>
  )
}

function recordingsText(n: number): string {
  return n === 1 ? '1 recording' : `${n} recordings`
}
