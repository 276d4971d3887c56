import type { ChatSource } from '@/data/normalize/chat'
import { formatClock } from '@/data/normalize/transcript'
import { SOURCES_LABEL } from './texts'

/**
 * The transcript passages an answer rests on, each a button that opens the
 * Transcription tab at that segment. Buttons, not anchors: they act on this
 * screen rather than navigate away from it.
 */
export function SourceLinks({ sources, onShowSource }: { sources: ChatSource[]; onShowSource?: (start: number) => void }) {
  if (sources.length === 0) return null
  return (
    <div className="chat-sources">
      <span className="chat-sources__label">{SOURCES_LABEL}</span>
      <ul className="chat-sources__list">
        {sources.map((s) => (
          <li key={`${s.segmentIndex}-${s.start}`}>
            <button
              type="button"
              className="chat-source"
              title={s.quote || undefined}
              disabled={!onShowSource}
              onClick={() => onShowSource?.(s.start)}
            >
              {s.speaker || 'Speaker'} · {formatClock(s.start)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
