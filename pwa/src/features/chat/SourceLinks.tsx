import { Link } from 'wouter'
import type { ChatSource } from '@/data/normalize/chat'
import { formatClock } from '@/data/normalize/transcript'
import { SOURCES_LABEL } from './texts'

/**
 * The passages an answer rests on. A recording's own answer cites its
 * transcript: buttons that open the Transcription tab at that segment (they
 * act on this screen). A library answer cites other recordings: links that
 * open the recording at the passage (?t= seconds) or at its summary.
 */
export function SourceLinks({
  sources,
  onShowSource,
}: {
  sources: ChatSource[]
  onShowSource?: (start: number) => void
}) {
  if (sources.length === 0) return null
  return (
    <div className="chat-sources">
      <span className="chat-sources__label">{SOURCES_LABEL}</span>
      <ul className="chat-sources__list">
        {sources.map((s) => (
          <li key={`${s.recordingId ?? ''}-${s.segmentIndex}-${s.start}`}>
            {s.recordingId ? (
              <Link className="chat-source chat-source--library" to={sourceHref(s)} title={s.quote || undefined}>
                {libraryLabel(s)}
              </Link>
            ) : (
              <button
                type="button"
                className="chat-source"
                title={s.quote || undefined}
                disabled={!onShowSource}
                onClick={() => onShowSource?.(s.start)}
              >
                {s.speaker || 'Speaker'} · {formatClock(s.start)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Where a library citation opens: the transcript at the passage, or the summary. */
export function sourceHref(s: ChatSource): string {
  const path = `/recordings/${encodeURIComponent(s.recordingId ?? '')}`
  return s.kind === 'summary' ? path : `${path}?t=${Math.floor(s.start)}`
}

function libraryLabel(s: ChatSource): string {
  if (s.kind === 'summary') return `${s.recordingTitle} · Summary`
  return `${s.recordingTitle} · ${s.speaker ? `${s.speaker} · ` : ''}${formatClock(s.start)}`
}
