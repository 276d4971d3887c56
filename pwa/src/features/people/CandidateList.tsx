import { useId } from 'react'
import type { Candidate, CandidateSpeaker } from '@/data/normalize/people'
import { formatDayHeading, recordedAt } from '@/data/normalize/recordingDates'
import { formatClock } from '@/data/time'

/** A ticked speaker: which recording, which transcript label. */
export interface SpeakerPick {
  recordingId: string
  label: string
}

export const pickKey = (p: SpeakerPick) => `${p.recordingId}\n${p.label}`

interface Props {
  candidates: readonly Candidate[]
  picked: ReadonlySet<string>
  onToggle: (pick: SpeakerPick, on: boolean) => void
}

/**
 * Each candidate recording (title, date) as a group of its unnamed speakers:
 * a checkbox named by the speaker, described by the first words they say,
 * so the owner can tell which of them is the person.
 */
export function CandidateList({ candidates, picked, onToggle }: Props) {
  return (
    <ul className="find-person__list">
      {candidates.map((c) => (
        <li key={c.recording.id}>
          <fieldset className="find-person__recording">
            <legend>
              <span className="find-person__title">{c.recording.title || 'Untitled Recording'}</span>{' '}
              <span className="find-person__date">{formatDayHeading(recordedAt(c.recording))}</span>
            </legend>
            {c.speakers.map((s) => {
              const pick = { recordingId: c.recording.id, label: s.label }
              return (
                <SpeakerCheckbox
                  key={s.label}
                  speaker={s}
                  checked={picked.has(pickKey(pick))}
                  onChange={(on) => onToggle(pick, on)}
                />
              )
            })}
          </fieldset>
        </li>
      ))}
    </ul>
  )
}

function SpeakerCheckbox({
  speaker,
  checked,
  onChange,
}: {
  speaker: CandidateSpeaker
  checked: boolean
  onChange: (on: boolean) => void
}) {
  const sampleId = useId()
  return (
    <div className="find-person__speaker">
      <label>
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={speaker.sample ? sampleId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {speaker.name}
      </label>
      {speaker.sample && (
        <p id={sampleId} className="find-person__sample">
          <span className="find-person__time">{formatClock(speaker.start)}</span> “{speaker.sample}”
        </p>
      )}
    </div>
  )
}
