import { mergeDuplicates } from '@/data/normalize/recording'
import { normalizeTranscript, type TranscriptSegment } from '@/data/normalize/transcript'
import { flag } from '@/data/normalize/loose'
import { recordedAt } from '@/data/normalize/recordingDates'
import type { Recording } from '@/data/types'
import { fixtureFiles, type FixtureFile } from './fixtures'

/**
 * The people of the mock server's library, worked out from the shared
 * fixtures as the server does (docs/api.md "People"): a speaker's display
 * name by the spec's rule, generic 'Speaker N' not a person; only the
 * owner's recordings (a shared one is someone else's).
 */
const GENERIC = /^Speaker \d+$/

interface SpeakerInfo {
  label: string
  name: string
  sample: string
  start_time: number
}

type OwnRecording = { recording: Recording; speakers: SpeakerInfo[] }
// The fixtures never change while the mock runs: worked out once.
let own: OwnRecording[] | undefined

/** The owner's recordings (duplicates merged), newest first, with their speakers. */
export function ownRecordingsWithSpeakers(): OwnRecording[] {
  own ??= readOwnRecordings()
  return own
}

function readOwnRecordings(): OwnRecording[] {
  const files = fixtureFiles()
  const winners = new Set(mergeDuplicates(files.map((f) => f.recording)))
  return files
    .filter((f) => winners.has(f.recording) && !flag(f.recording.isShared))
    .map((f) => ({ recording: f.recording, speakers: speakersOf(f) }))
    .sort((a, b) => recordedAt(b.recording) - recordedAt(a.recording))
}

function speakersOf(file: FixtureFile): SpeakerInfo[] {
  const seen = new Map<string, SpeakerInfo>()
  for (const s of normalizeTranscript(file.transcription, file.speakers).segments) {
    if (s.speakerId && !seen.has(s.speakerId)) seen.set(s.speakerId, info(s))
  }
  return [...seen.values()]
}

function info(s: TranscriptSegment): SpeakerInfo {
  const sample = s.text.length > 120 ? `${s.text.slice(0, 119)}…` : s.text
  return { label: s.speakerId, name: s.speakerLabel, sample, start_time: s.start }
}

const named = (speakers: SpeakerInfo[]) => speakers.filter((s) => !GENERIC.test(s.name))

/** GET /api/v1/people's data: named people, deduplicated case-insensitively, most recordings first. */
export function mockPeople(): { name: string; recordings: number }[] {
  const people = new Map<string, { name: string; recordings: number }>()
  for (const { speakers } of ownRecordingsWithSpeakers()) {
    const names = new Map(named(speakers).map((s) => [s.name.toLowerCase(), s.name]))
    for (const [key, name] of names) {
      const p = people.get(key) ?? { name, recordings: 0 }
      p.recordings++
      people.set(key, p)
    }
  }
  return [...people.values()].sort((a, b) => b.recordings - a.recordings || a.name.localeCompare(b.name))
}

/** True when the recording names this person (case-insensitive exact name). */
export function namesPerson(id: string, person: string): boolean {
  const own = ownRecordingsWithSpeakers().find((r) => r.recording.id === id)
  return !!own && named(own.speakers).some((s) => s.name.toLowerCase() === person.trim().toLowerCase())
}

/** GET /api/v1/people/candidates's rows: recordings not naming the person that have unnamed speakers. */
export function mockCandidates(person: string) {
  const key = person.trim().toLowerCase()
  return ownRecordingsWithSpeakers().flatMap(({ recording, speakers }) => {
    if (named(speakers).some((s) => s.name.toLowerCase() === key)) return []
    const unnamed = speakers.filter((s) => GENERIC.test(s.name))
    if (unnamed.length === 0) return []
    return [
      {
        recording: { id: recording.id, title: recording.title ?? '', recordingAt: recording.recordingAt ?? '' },
        speakers: unnamed,
      },
    ]
  })
}
