import { Component, useId, useMemo, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { filterHighlights, GENERAL } from '@/data/highlights/filter'
import { useLibraryHighlights } from '@/data/highlights/useHighlights'
import { useFolderList } from '@/data/folders/useFolders'
import { folderIdOf } from '@/data/storedRecording'
import { formatRange } from '@/data/normalize/transcript'
import { HighlightItem } from './HighlightItem'
import { useUndoableDelete } from './useUndoableDelete'
import './highlights.css'

/** /highlights: every highlight of the library, newest first, searchable and filtered by folder and speaker. */
export default function HighlightsPage() {
  return (
    <main className="highlights-page" aria-labelledby="highlights-title">
      <h1 id="highlights-title">Highlights</h1>
      <LoadBoundary>
        <LibraryHighlights />
      </LoadBoundary>
    </main>
  )
}

function LibraryHighlights() {
  const library = useLibraryHighlights()
  const folders = useFolderList()
  const [query, setQuery] = useState('')
  const [folderId, setFolderId] = useState('')
  const [speaker, setSpeaker] = useState('')
  const { remove, status } = useUndoableDelete()
  const ids = { q: useId(), f: useId(), s: useId() }
  const speakers = useMemo(
    () => [...new Set((library?.highlights ?? []).flatMap((h) => h.speakers))].sort((a, b) => a.localeCompare(b)),
    [library],
  )
  if (!library) return <p className="highlights-empty">Loading highlights…</p>
  const { highlights, recordings } = library
  const folderOf = (id: string) => {
    const rec = recordings.get(id)
    return rec && folderIdOf(rec)
  }
  const shown = filterHighlights(highlights, { query, folderId, speaker }, folderOf)
  return (
    <>
      <div className="highlights-page__filters">
        <label htmlFor={ids.q}>
          Search highlights
          <input id={ids.q} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <label htmlFor={ids.f}>
          Folder
          <select id={ids.f} value={folderId} onChange={(e) => setFolderId(e.target.value)}>
            <option value="">All folders</option>
            <option value={GENERAL}>General</option>
            {(folders ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.s}>
          Speaker
          <select id={ids.s} value={speaker} onChange={(e) => setSpeaker(e.target.value)}>
            <option value="">All speakers</option>
            {speakers.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {status}
      {highlights.length === 0 ? (
        <p className="highlights-empty">
          No highlights yet. Open a recording&apos;s transcript, select what matters and choose Highlight.
        </p>
      ) : shown.length === 0 ? (
        <p className="highlights-empty">No highlights match.</p>
      ) : (
        <ol className="highlights-page__list">
          {shown.map((h) => {
            const title = String(recordings.get(h.recordingId)?.data.title ?? '') || 'Untitled Recording'
            return (
              <HighlightItem
                key={h.id}
                highlight={h}
                onDelete={(x) => void remove(x)}
                place={
                  <Link to={`/recordings/${encodeURIComponent(h.recordingId)}?tab=transcription&t=${h.start}`}>
                    {title} · {formatRange(h.start, h.end)}
                  </Link>
                }
              />
            )
          })}
        </ol>
      )}
    </>
  )
}

/** A device store that cannot be read shows why and a way to try again, not a blank page. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>
    return (
      <div role="alert">
        <p>Highlights could not be loaded from this device.</p>
        <button
          type="button"
          className="button"
          onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
        >
          Try again
        </button>
      </div>
    )
  }
}
