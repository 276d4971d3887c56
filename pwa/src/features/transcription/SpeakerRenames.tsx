import { lazy, Suspense, useMemo, useState } from 'react'
import type { TranscriptSegment } from '@/data/normalize/transcript'
import { speakerNameError } from '@/data/sync/editLimits'
import { recordingEdits } from '@/data/sync/lazyEdits'
import { InlineEdit, type InlineFieldProps } from '@/ui/inline-edit/InlineEdit'
import { SPEAKER_COLORS } from './speakerColors'
import type { SpeakerRenamesProps } from './TranscriptionTab'

// The people's suggestions and the finder load on first use, not with the transcript
// (the shared page shows this tab too, and both routes are near their size budgets).
const FindPersonDialog = lazy(() => import('@/features/people/FindPersonDialog'))
const SpeakerNameField = lazy(() =>
  import('@/features/people/PersonNameField').then((m) => ({ default: m.SpeakerNameField })),
)

interface Speaker {
  id: string
  label: string
  colorIndex: number
}

/** Generic labels ('Speaker 2') are the app's own numbering, not a name to edit. */
const GENERIC = /^Speaker \d+$/

/**
 * The owner's speakers, in order of first appearance, each with a Rename
 * button that offers the people already named in the library. A rename is
 * queued (works offline) and shows at once wherever the speaker is named; an
 * empty name restores the recording's own. A named speaker can be looked for
 * in the owner's other recordings.
 */
export function SpeakerRenames({ recordingId, segments }: SpeakerRenamesProps) {
  const speakers = useMemo(() => distinctSpeakers(segments), [segments])
  const [finding, setFinding] = useState<string | null>(null)
  if (speakers.length === 0) return null
  return (
    <section className="speakers" aria-labelledby="speakers-title">
      <h2 id="speakers-title" className="speakers__title">
        Speakers
      </h2>
      <ul className="speakers__list">
        {speakers.map((s) => (
          <li key={s.id} className="speakers__item">
            <InlineEdit
              value={GENERIC.test(s.label) ? '' : s.label}
              label={`Name for ${s.label}`}
              editLabel={`Rename ${s.label}`}
              validate={speakerNameError}
              onSave={(name) => recordingEdits().then((edits) => edits.renameSpeaker(recordingId, s.id, name))}
              renderField={(field, commit) => <NameField field={field} commit={commit} />}
            >
              {(name) => (
                <span className="speakers__name" style={{ color: SPEAKER_COLORS[s.colorIndex] }}>
                  {name || s.label}
                </span>
              )}
            </InlineEdit>
            {!GENERIC.test(s.label) && (
              <button
                type="button"
                className="button button--link speakers__find"
                aria-haspopup="dialog"
                onClick={() => setFinding(s.label)}
              >
                Find {s.label} in other recordings
              </button>
            )}
          </li>
        ))}
      </ul>
      {finding !== null && (
        <Suspense fallback={null}>
          <FindPersonDialog name={finding} recordingId={recordingId} onClose={() => setFinding(null)} />
        </Suspense>
      )}
    </section>
  )
}

/** The name box with suggestions; a plain box meanwhile, so typing can start at once. */
function NameField({ field, commit }: { field: InlineFieldProps; commit: (name: string) => void }) {
  // The plain box is swapped out, not left: its blur must not save.
  const plain = <input type="text" enterKeyHint="done" {...field} onBlur={undefined} />
  return (
    <Suspense fallback={plain}>
      <SpeakerNameField field={field} commit={commit} />
    </Suspense>
  )
}

function distinctSpeakers(segments: TranscriptSegment[]): Speaker[] {
  const seen = new Map<string, Speaker>()
  for (const s of segments) {
    if (s.speakerId && !seen.has(s.speakerId))
      seen.set(s.speakerId, { id: s.speakerId, label: s.speakerLabel, colorIndex: s.colorIndex })
  }
  return [...seen.values()]
}
