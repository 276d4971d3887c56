import { Component, useDeferredValue, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { folderTree } from '@/data/folders/tree'
import { useFolderList } from '@/data/folders/useFolders'
import { useLibraryHighlights, type LibraryFilter } from '@/data/highlights/useHighlights'
import { formatClock } from '@/data/time'
import { HighlightItem } from './HighlightItem'

const ANY = '*'

/**
 * The library's highlights (/highlights): newest first, searchable by
 * their words and notes, filtered by folder and speaker; each links to its
 * recording at its time. Read from the device, so it works offline.
 */
export default function HighlightsPage() {
  const [q, setQ] = useState('')
  const [folder, setFolder] = useState(ANY)
  const [speaker, setSpeaker] = useState('')
  const filter: LibraryFilter = { q: useDeferredValue(q), folderId: folder === ANY ? null : folder, speaker }
  const [attempt, setAttempt] = useState(0)
  return (
    <main className="highlights-page" aria-labelledby="highlights-title">
      <h1 id="highlights-title">Highlights</h1>
      <LoadFailure key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
        <Filters
          q={q}
          onQ={setQ}
          folder={folder}
          onFolder={setFolder}
          speaker={speaker}
          onSpeaker={setSpeaker}
          filter={filter}
        />
      </LoadFailure>
    </main>
  )
}

interface FilterProps {
  q: string
  onQ: (q: string) => void
  folder: string
  onFolder: (id: string) => void
  speaker: string
  onSpeaker: (name: string) => void
  filter: LibraryFilter
}

function Filters({ q, onQ, folder, onFolder, speaker, onSpeaker, filter }: FilterProps) {
  const folders = useFolderList()
  const found = useLibraryHighlights(filter)
  const filtered = q.trim() !== '' || folder !== ANY || speaker !== ''
  return (
    <>
      <div role="search" className="highlights-page__filters">
        <label>
          Search highlights
          <input type="search" value={q} onChange={(e) => onQ(e.target.value)} placeholder="Words or notes" />
        </label>
        <label>
          Folder
          <select value={folder} onChange={(e) => onFolder(e.target.value)}>
            <option value={ANY}>All folders</option>
            <option value="">General</option>
            {folderTree(folders ?? []).map(({ folder: f, depth }) => (
              <option key={f.id} value={f.id}>
                {'\u00a0\u00a0'.repeat(depth)}
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Speaker
          <select value={speaker} onChange={(e) => onSpeaker(e.target.value)}>
            <option value="">All speakers</option>
            {(found?.speakers ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!found ? (
        <p role="status">Loading highlights…</p>
      ) : found.items.length === 0 ? (
        <p className="highlights-empty" role="status">
          {found.any || filtered
            ? 'No highlights match'
            : 'No highlights yet. In a recording’s transcript, select words and choose Highlight.'}
        </p>
      ) : (
        <ul className="highlights" aria-label="Highlights">
          {found.items.map((h) => {
            const href = `/recordings/${encodeURIComponent(h.recordingId)}?t=${h.start}`
            return (
              <HighlightItem
                key={h.id}
                highlight={h}
                heading={
                  <Link href={href} className="highlight__recording">
                    {h.recordingTitle}
                  </Link>
                }
                time={
                  <Link href={href} aria-label={`Open ${h.recordingTitle} at ${formatClock(h.start)}`}>
                    {formatClock(h.start)}–{formatClock(h.end)}
                  </Link>
                }
              />
            )
          })}
        </ul>
      )}
    </>
  )
}

/** The device store could not be read: said, with a way to try again. */
class LoadFailure extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert">
        <p>Your highlights could not be loaded.</p>
        <button type="button" className="button" onClick={this.props.onRetry}>
          Try again
        </button>
      </div>
    )
  }
}
