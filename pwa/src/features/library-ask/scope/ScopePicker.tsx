import { useId, useState, type FormEvent } from 'react'
import { useFolderList } from '@/data/folders/useFolders'
import { byFolderName } from '@/data/folders/tree'
import { useDeviceQuery } from '@/data/device/useDeviceQuery'
import { usePeople } from '@/features/people/usePeople'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { DateRangeFields, isBadDateRange } from '@/ui/date-range/DateRangeFields'
import {
  MAX_SCOPE_RECORDINGS,
  MAX_SCOPE_SPEAKERS,
  SCOPE_ANY_FOLDER,
  SCOPE_APPLY,
  SCOPE_CLEAR,
  SCOPE_FIND_RECORDING,
  SCOPE_FOLDER,
  SCOPE_NO_MATCH,
  SCOPE_NO_SPEAKERS,
  SCOPE_RECORDINGS,
  SCOPE_SPEAKERS,
  SCOPE_TITLE,
  SCOPE_TOO_MANY,
} from '../texts'
import { WHOLE_LIBRARY, type UiScope } from './scope'

interface Props {
  scope: UiScope
  onApply: (scope: UiScope) => void
  onClose: () => void
}

/** How many of the newest recordings on the device the picker lists for a search. */
const LISTED_RECORDINGS = 50

const UNTITLED = 'Untitled Recording'

/**
 * The Scope picker, a modal dialog (a bottom sheet on phones, by CSS): a
 * folder, a date range, speakers and hand-picked recordings, read from what
 * the device holds. Changes apply on "Apply"; "Ask all recordings" clears.
 */
export default function ScopePicker({ scope, onApply, onClose }: Props) {
  const [draft, setDraft] = useState(scope)
  const folders = useFolderList()
  const badRange = isBadDateRange(draft)
  const tooMany = draft.recordings.length > MAX_SCOPE_RECORDINGS
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!badRange && !tooMany) onApply(draft)
  }
  const pickFolder = (id: string) => {
    const f = folders?.find((x) => x.id === id)
    setDraft({ ...draft, folder: f ? { id: f.id, name: f.name } : null })
  }
  return (
    <ModalDialog title={SCOPE_TITLE} onClose={onClose} className="filter-panel scope-picker" closeButton>
      <form onSubmit={submit} className="scope-picker__form">
        <label>
          {SCOPE_FOLDER}
          <select value={draft.folder?.id ?? ''} onChange={(e) => pickFolder(e.target.value)}>
            <option value="">{SCOPE_ANY_FOLDER}</option>
            {draft.folder && !folders?.some((f) => f.id === draft.folder?.id) && (
              <option value={draft.folder.id}>{draft.folder.name}</option>
            )}
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
        <DateRangeFields
          range={draft}
          onChange={({ from, to }) => setDraft({ ...draft, from, to })}
          errorClassName="scope-picker__error"
        />
        <SpeakerChoice picked={draft.speakers} onChange={(speakers) => setDraft({ ...draft, speakers })} />
        <RecordingChoice
          picked={draft.recordings}
          onChange={(recordings) => setDraft({ ...draft, recordings })}
          tooMany={tooMany}
        />
        <div className="scope-picker__actions">
          <button type="button" className="button button--secondary" onClick={() => onApply(WHOLE_LIBRARY)}>
            {SCOPE_CLEAR}
          </button>
          <button type="submit" className="button" disabled={badRange || tooMany}>
            {SCOPE_APPLY}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}

function SpeakerChoice({ picked, onChange }: { picked: string[]; onChange: (names: string[]) => void }) {
  const people = usePeople().map((p) => p.name)
  const names = [...picked.filter((n) => !people.includes(n)), ...people]
  const full = picked.length >= MAX_SCOPE_SPEAKERS
  return (
    <fieldset>
      <legend>{SCOPE_SPEAKERS}</legend>
      {names.length === 0 && <p className="scope-picker__note">{SCOPE_NO_SPEAKERS}</p>}
      <div className="scope-picker__list">
        {names.map((name) => {
          const on = picked.includes(name)
          return (
            <label key={name} className="scope-picker__check">
              <input
                type="checkbox"
                checked={on}
                disabled={!on && full}
                onChange={(e) => onChange(e.target.checked ? [...picked, name] : picked.filter((n) => n !== name))}
              />
              {name}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

interface Picked {
  id: string
  title: string
}

function RecordingChoice({
  picked,
  onChange,
  tooMany,
}: {
  picked: Picked[]
  onChange: (recordings: Picked[]) => void
  tooMany: boolean
}) {
  const [find, setFind] = useState('')
  const findId = useId()
  const words = find.trim().toLowerCase()
  // The newest recordings on the device whose title holds the words typed.
  const found = useDeviceQuery(
    (db) =>
      db.recordings
        .orderBy('sortKey')
        .reverse()
        .filter((r) => !words || (r.data.title ?? '').toLowerCase().includes(words))
        .limit(LISTED_RECORDINGS)
        .toArray(),
    [words],
  )
  const listed: Picked[] = [
    ...picked,
    ...(found ?? [])
      .map((r) => ({ id: r.id, title: r.data.title?.trim() || UNTITLED }))
      .filter((r) => !picked.some((p) => p.id === r.id)),
  ]
  return (
    <fieldset>
      <legend>{SCOPE_RECORDINGS}</legend>
      <label htmlFor={findId}>{SCOPE_FIND_RECORDING}</label>
      <input id={findId} type="search" value={find} onChange={(e) => setFind(e.target.value)} />
      {found && listed.length === 0 && <p className="scope-picker__note">{SCOPE_NO_MATCH}</p>}
      <div className="scope-picker__list">
        {listed.map((r) => {
          const on = picked.some((p) => p.id === r.id)
          return (
            <label key={r.id} className="scope-picker__check">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => onChange(e.target.checked ? [...picked, r] : picked.filter((p) => p.id !== r.id))}
              />
              {r.title}
            </label>
          )
        })}
      </div>
      {tooMany && (
        <p className="scope-picker__error" role="alert">
          {SCOPE_TOO_MANY(MAX_SCOPE_RECORDINGS)}
        </p>
      )}
    </fieldset>
  )
}
