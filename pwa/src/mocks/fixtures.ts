import { toSortableTime } from '@/data/time'
import type { Recording } from '@/data/types'

/** One sample in the import format (ARCHITECTURE.md "Import / device-upload format"). */
export interface FixtureFile {
  recording: Recording
  speakers?: unknown
  summarizations?: Record<string, unknown>
  transcription?: unknown
  metadata?: unknown
}

// The repository's sample recordings, shared with the Go seed and e2e tests.
const files = import.meta.glob<FixtureFile>('../../../fixtures/recordings/*.json', { eager: true, import: 'default' })

/** Used only while fixtures/recordings is empty, so `npm run dev` shows something. */
const FALLBACK: FixtureFile[] = [
  sample('rec-weekly-sync', 'Weekly product sync', '2025-03-14T15:30:00Z', 1860),
  sample('rec-customer-call', 'Customer call: onboarding feedback', '2025-03-12T10:05:00Z', 1240),
  sample('rec-idea', 'Idea: offline-first sync', '2025-03-09T19:45:00Z', 312),
]

export function fixtureFiles(): FixtureFile[] {
  const loaded = Object.values(files).filter((f) => typeof f?.recording?.id === 'string')
  return loaded.length > 0 ? loaded : FALLBACK
}

/** Newest first, as the dashboard sorts by recording_at desc by default. */
export function fixtureRecordings(): Recording[] {
  const at = (r: Recording) =>
    toSortableTime(r.recordingAt) || toSortableTime(r.updatedAt) || toSortableTime(r.createdAt)
  return fixtureFiles()
    .map((f) => f.recording)
    .sort((a, b) => at(b).localeCompare(at(a)))
}

function sample(id: string, title: string, recordingAt: string, duration: number): FixtureFile {
  return {
    recording: {
      id,
      title,
      recordingAt,
      createdAt: recordingAt,
      updatedAt: recordingAt,
      duration,
      folder: { name: 'General' },
    },
    summarizations: {},
  }
}
