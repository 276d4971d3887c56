import { Link } from 'react-router'
import { MARKETING_URL } from '@/app/brand'
import { listErrorMessage, UNTITLED } from './listMessages'
import { useDashboard } from './useDashboard'
import './recordings.css'

/**
 * /recordings, first cut: titles of the newest recordings, read from the
 * device and refreshed from the dashboard. The real list (search, date
 * groups, infinite scroll, rows) replaces this in its own issue.
 */
export default function RecordingsPage() {
  const { recordings, loading, error, retry } = useDashboard()

  return (
    <section className="recordings" aria-labelledby="recordings-title">
      <h1 id="recordings-title">Recordings</h1>
      {loading && <p role="status">Loading recordings…</p>}
      {error != null && !recordings?.length && (
        <div className="recordings__error" role="alert">
          <p>{listErrorMessage(error)}</p>
          <button type="button" className="button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {!loading && error == null && recordings?.length === 0 && (
        <p className="recordings__empty">
          Don't have device?{' '}
          <a href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
            get yours from here
          </a>
        </p>
      )}
      {recordings && recordings.length > 0 && (
        <ul className="recordings__list">
          {recordings.map((recording) => (
            <li key={recording.id}>
              <Link to={`/recordings/${encodeURIComponent(recording.id)}`}>{recording.title?.trim() || UNTITLED}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
