import type { TranscriptSegment } from '../normalize/transcript'

/** Bounds the server keeps (pkg/highlights MaxNote, MaxText), in characters. */
export const MAX_NOTE = 2000
export const MAX_TEXT = 10000

/** How long a segment without an end lasts, as the server counts it (pkg/highlights untimedLength). */
const UNTIMED_LENGTH = 1

const segmentEnd = (s: Pick<TranscriptSegment, 'start' | 'end'>) => (s.end > s.start ? s.end : s.start + UNTIMED_LENGTH)

export interface Passage {
  text: string
  /** Display names of the speakers heard, in order of appearance. */
  speakers: string[]
}

/**
 * What start..end of the transcript says, by the server's rule
 * (pkg/highlights passageOf): every segment the range overlaps, trimmed and
 * joined by a space, clipped to MAX_TEXT. Null when no segment overlaps.
 */
export function quotePassage(segments: TranscriptSegment[], start: number, end: number): Passage | null {
  const words: string[] = []
  const speakers: string[] = []
  for (const s of segments) {
    if (segmentEnd(s) <= start || s.start >= end) continue
    words.push(s.text.trim())
    if (s.speakerId && s.speakerLabel && !speakers.includes(s.speakerLabel)) speakers.push(s.speakerLabel)
  }
  if (words.length === 0) return null
  return { text: clip(words.join(' '), MAX_TEXT), speakers }
}

/** The range of a run of segments: the first one's start to the last one's end (an untimed one lasts 1 s). */
export function rangeOf(first: TranscriptSegment, last: TranscriptSegment): { start: number; end: number } {
  return { start: first.start, end: Math.max(segmentEnd(last), segmentEnd(first)) }
}

function clip(s: string, n: number): string {
  const chars = [...s]
  return chars.length <= n
    ? s
    : chars
        .slice(0, n - 1)
        .join('')
        .trim() + '…'
}

/** A note the server would refuse, said as the form shows it; null when it is fine. */
export function noteProblem(note: string): string | null {
  const n = [...note.trim()].length
  return n > MAX_NOTE ? `The note is ${n} characters; ${MAX_NOTE} at most` : null
}
