import { GetDevice } from '@/ui/GetDevice'
import { SEARCH_EMPTY_MESSAGE } from '../listMessages'

/** Placeholder rows while the first page loads (spec §2 "loading skeleton"). */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="rec-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading recordings…</span>
      <span className="rec-skeleton__heading" aria-hidden="true" />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="rec-skeleton__row" aria-hidden="true">
          <span className="rec-skeleton__thumb" />
          <span className="rec-skeleton__lines">
            <span />
            <span />
            <span />
          </span>
        </span>
      ))}
    </div>
  )
}

/** The error box with Retry (spec §2, messages of §8). */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="rec-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

/** Both empty states: a search that found nothing, or a library with no recordings. */
export function ListEmpty({ searching }: { searching: boolean }) {
  return <div className="rec-empty">{searching ? <p>{SEARCH_EMPTY_MESSAGE}</p> : <GetDevice />}</div>
}

export const OFFLINE_SEARCH_NOTE = 'Offline: results from recordings on this device'

/** Above results the server did not give: the device searched what it holds. */
export function OfflineSearchNote() {
  return (
    <p className="rec-offline-note" role="status">
      {OFFLINE_SEARCH_NOTE}
    </p>
  )
}
