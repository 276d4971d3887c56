import { memo } from 'react'
import { Link } from 'wouter'
import { GENERAL_FOLDER, type RecordingRow } from '@/data/normalize/recording'
import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { passagePieces, type SearchMatch } from '@/data/normalize/searchMatch'
import { GradientThumb } from '../gradient/GradientThumb'
import { FolderIcon, SyncIcon } from '@/ui/icons'
import { FLAG_NAMES } from '@/data/recordingFields'
import { FlagToggles } from '../flags/FlagToggles'

/**
 * One recording in the list. Only the title is the link (Enter opens it), so
 * the link's name is exactly the text it shows; it stretches over the whole
 * row (CSS), so a click anywhere on the row opens the recording too. The rest
 * of the row describes it.
 */
export const RecordingRowLink = memo(function RecordingRowLink({
  row,
  match,
}: {
  row: RecordingRow
  match?: SearchMatch
}) {
  const base = `row-${row.id}`
  // A transcript match opens the recording where the words were said (the
  // segment's own start, not rounded down into the segment before it).
  const at = match?.startTime != null ? `?t=${Math.round(match.startTime * 100) / 100}` : ''
  return (
    <div className="rec-row">
      <GradientThumb id={row.id} gradient={row.gradient} badge={row.duration} />
      <span className="rec-row__body">
        <Link
          to={`/recordings/${encodeURIComponent(row.id)}${at}`}
          className="rec-row__title"
          id={`${base}-title`}
          aria-describedby={`${base}-meta ${base}-desc${row.syncPending ? ` ${base}-sync` : ''}`}
        >
          {row.title}
        </Link>
        {match ? (
          <span className="rec-row__desc rec-row__match" id={`${base}-desc`}>
            {/* Text nodes and <mark>s only: the passage is never parsed as HTML. */}
            {passagePieces(match).map((p, i) => (p.marked ? <mark key={i}>{p.text}</mark> : p.text))}
          </span>
        ) : (
          <span className="rec-row__desc" id={`${base}-desc`}>
            {row.description}
          </span>
        )}
        <span className="rec-row__meta" id={`${base}-meta`}>
          <time dateTime={Number.isNaN(row.at) ? undefined : new Date(row.at).toISOString()}>
            {formatShortDateTime(row.at)}
          </time>
          <span className="rec-row__folder">
            {row.folder !== GENERAL_FOLDER && <FolderIcon />}
            {row.folder}
          </span>
        </span>
      </span>
      {row.syncPending && (
        <span className="rec-row__sync" id={`${base}-sync`}>
          <SyncIcon label="Waiting to sync" size={18} />
        </span>
      )}
      <FlagToggles recordingId={row.id} flags={row.flags} className="rec-row__actions" />
    </div>
  )
}, sameRow)

/** Rows are rebuilt on every IndexedDB change; re-render only when something shown changed. */
function sameRow(
  a: { row: RecordingRow; match?: SearchMatch },
  b: { row: RecordingRow; match?: SearchMatch },
): boolean {
  const x = a.row
  const y = b.row
  return (
    a.match === b.match &&
    x.id === y.id &&
    x.title === y.title &&
    x.description === y.description &&
    x.at === y.at &&
    x.duration === y.duration &&
    x.folder === y.folder &&
    x.syncPending === y.syncPending &&
    FLAG_NAMES.every((name) => x.flags[name] === y.flags[name]) &&
    JSON.stringify(x.gradient) === JSON.stringify(y.gradient)
  )
}
