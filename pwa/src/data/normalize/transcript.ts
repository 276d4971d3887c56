import { asObject, isObject, seconds, text, unwrap, type LooseObject } from './loose'
import { canonicalSpeakerId, parseSpeakers, speakerLabeler } from './speakers'
import { formatClock } from '../time'

export interface TranscriptSegment {
  /** Position among the shown segments (blank ones skipped), as pkg/loose.Segments counts them. */
  index: number
  /** Canonical speaker label, e.g. 'SPEAKER_01' ('' when the segment names none). */
  speakerId: string
  /** Profile name, or 'Speaker N' by order of appearance (spec §5). */
  speakerLabel: string
  /** 0..7, derived from speakerId (spec: 8 transcript colours). */
  colorIndex: number
  /** Seconds from the recording's start. */
  start: number
  end: number
  text: string
}

export interface Transcript {
  /** none: no transcription at all; empty: a transcription without any non-blank segment. */
  status: 'none' | 'empty' | 'ok'
  segments: TranscriptSegment[]
}

const TRANSCRIPT_COLOR_COUNT = 8

/**
 * The Transcription tab's segments from the loose transcription field (a JSON
 * string or object with `segments` or `text.segments`; text in `text` or
 * `transcript`; times in `start_time`/`startTime` and `end_time`/`endTime`)
 * and the loose speakers field (the detail's `speakers`, or the shared view's
 * `recording.speakers`). A transcription that is only a plain string becomes
 * one untimed segment rather than hiding its words.
 */
export function normalizeTranscript(transcription: unknown, speakers: unknown): Transcript {
  const raw = rawSegments(transcription, 0)
  if (raw === null) return { status: 'none', segments: [] }
  const labelFor = speakerLabeler(parseSpeakers(speakers))
  const segments: TranscriptSegment[] = []
  for (const item of raw) {
    const seg = asObject(item)
    const body = seg ? segmentText(seg) : ''
    if (!seg || body === '') continue
    const speakerId = canonicalSpeakerId(seg.speaker ?? seg.speaker_id ?? seg.speakerId ?? seg.speaker_label)
    segments.push({
      index: segments.length,
      speakerId,
      speakerLabel: labelFor(speakerId),
      colorIndex: speakerColorIndex(speakerId),
      start: seconds(seg.start_time ?? seg.startTime ?? seg.start),
      end: seconds(seg.end_time ?? seg.endTime ?? seg.end),
      text: body,
    })
  }
  return { status: segments.length > 0 ? 'ok' : 'empty', segments }
}

/** The segment list, [] when a transcription has an empty one, null when there is none. */
function rawSegments(value: unknown, depth: number): unknown[] | null {
  const v = unwrap(value)
  if (depth > 3 || v === undefined || v === null) return null
  if (Array.isArray(v)) return v as unknown[]
  // A string still here is not JSON: words to show, unless it is broken JSON.
  if (typeof v === 'string') return v.trim() && !/^\s*[{[]/.test(v) ? [{ text: v }] : null
  if (!isObject(v)) return null
  const segs = unwrap(v.segments)
  if (Array.isArray(segs)) return segs as unknown[]
  for (const key of ['text', 'transcript', 'transcription']) {
    const inner = rawSegments(v[key], depth + 1)
    if (inner) return inner
  }
  return null
}

function segmentText(seg: LooseObject): string {
  return text(seg.text).trim() || text(seg.transcript).trim()
}

/**
 * A stable colour slot for a speaker: SPEAKER_NN uses NN (so up to eight
 * speakers never share a colour), any other label a hash of its text.
 */
export function speakerColorIndex(speakerId: string): number {
  const m = /^SPEAKER_(\d+)$/.exec(speakerId)
  if (m?.[1]) return Number(m[1]) % TRANSCRIPT_COLOR_COUNT
  let h = 0
  for (const ch of speakerId) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return h % TRANSCRIPT_COLOR_COUNT
}

// m:ss lives with the other time helpers; re-exported for the transcript's readers.
export { formatClock }

/** The spec's segment time range, 'm:ss - m:ss'. */
export function formatRange(start: number, end: number): string {
  return `${formatClock(start)} - ${formatClock(end)}`
}

/**
 * The segment to show for a time (e.g. a chat answer's source): the one
 * starting exactly then, else the first whose range contains it, else the one
 * starting nearest to it; -1 when there are no segments.
 */
export function segmentIndexAt(segments: readonly TranscriptSegment[], time: number): number {
  let best = -1
  let bestDistance = Infinity
  let containing = -1
  for (const seg of segments) {
    const d = Math.abs(seg.start - time)
    if (d < 1e-6) return seg.index
    if (containing === -1 && time > seg.start && time < seg.end) containing = seg.index
    if (d < bestDistance) {
      best = seg.index
      bestDistance = d
    }
  }
  return containing !== -1 ? containing : best
}
