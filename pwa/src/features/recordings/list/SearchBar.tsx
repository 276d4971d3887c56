import { useState, type FormEvent } from 'react'
import { CloseIcon, SearchIcon } from '@/ui/icons'

interface Props {
  /** The search in force ('' for none); the field follows it when it changes (Back, links). */
  query: string
  onSubmit: (text: string) => void
  /** The text was cleared (clear button, or the field emptied while a search is shown). */
  onClear: () => void
}

/** Search box with a clear button and a submit button (spec §2). */
export function SearchBar({ query, onSubmit, onClear }: Props) {
  const [text, setText] = useState(query)
  // A new search from outside replaces what is typed, in the same render (React's way to follow a prop).
  const [followed, setFollowed] = useState(query)
  if (followed !== query) {
    setFollowed(query)
    setText(query)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(text)
  }
  const change = (value: string) => {
    setText(value)
    if (value === '' && query !== '') onClear()
  }
  const clear = () => {
    setText('')
    onClear()
  }

  return (
    <form role="search" className="rec-search" onSubmit={submit}>
      <label htmlFor="recording-search" className="visually-hidden">
        Search recordings
      </label>
      <SearchIcon className="rec-search__icon" size={18} />
      <input
        id="recording-search"
        type="search"
        className="rec-search__input"
        placeholder="Search recordings"
        value={text}
        onChange={(e) => change(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      {text !== '' && (
        <button type="button" className="icon-button rec-search__clear" aria-label="Clear search" onClick={clear}>
          <CloseIcon size={18} />
        </button>
      )}
      <button type="submit" className="button button--primary rec-search__submit">
        Search
      </button>
    </form>
  )
}
