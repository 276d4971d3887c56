import lecture from '../../../fixtures/recordings/07-lecture-econ101-elasticity.json'

interface RawSegment {
  speaker: string
  text: string
  start_time: number
  end_time: number
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length

/**
 * A transcript of at least `minWords` words in the fixtures' format: the
 * one-hour lecture (fixture 07, ~7.2k words) repeated with shifted times, so
 * the text, segment lengths and speaker mix are real.
 */
export function longTranscript(minWords: number): {
  transcription: { segments: RawSegment[] }
  speakers: unknown
  words: number
} {
  const source = lecture.transcription.segments
  const span = source.reduce((m, s) => Math.max(m, s.end_time), 0) + 2
  const segments: RawSegment[] = []
  let total = 0
  for (let round = 0; total < minWords; round++) {
    for (const s of source) {
      if (total >= minWords) break
      segments.push({ ...s, start_time: s.start_time + round * span, end_time: s.end_time + round * span })
      total += words(s.text)
    }
  }
  return { transcription: { segments }, speakers: lecture.speakers, words: total }
}
