import type { TranscriptSegment } from '@/data/normalize/transcript'

/**
 * The segment being spoken at t seconds: the last one started by then (a
 * pause between segments keeps the previous one current); -1 before the first.
 */
export function segmentPlayingAt(segments: readonly TranscriptSegment[], t: number): number {
  let found = -1
  for (const s of segments) {
    if (s.start <= t + 0.05) found = s.index
    else if (s.start > t) break
  }
  return found
}
