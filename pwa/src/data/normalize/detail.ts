import { normalizeAudio, type AudioInfo } from './audio'
import { normalizeActionItems, type Task } from './actions'
import { asObject, flag, text, type LooseObject } from './loose'
import { deriveOwner, recordingTitle, type Owner } from './recording'
import { recordedAt } from './recordingDates'
import { firstSummarization, type Summarization } from './summarization'
import { normalizeSummary, type SummaryContent } from './summary'
import { normalizeTranscript, type Transcript } from './transcript'

/** The detail screen's header (spec §2 "Detail screen"). */
export interface RecordingHeader {
  /** The title, else 'Untitled Recording'. */
  title: string
  /** True when the recording has no title of its own (the desktop header says 'Chat with Tasha'). */
  untitled: boolean
  /** The recording's own description; '' when it has none. */
  description: string
  /** When it was recorded (ms); NaN shows 'Unknown date'. */
  at: number
  /** The owner's name for the 'From {owner}' pill; null when not shared. */
  sharedFrom: string | null
}

/** Everything the detail and shared screens render, in clean types. */
export interface RecordingView {
  id: string
  header: RecordingHeader
  owner: Owner
  summary: SummaryContent | null
  tasks: Task[]
  transcript: Transcript
  /** The summarization as stored, for the mind map tab (its own normaliser reads it). */
  summarization: Summarization | null
  /** The speakers field as stored (JSON string or object). */
  speakers: unknown
  /** The recording's audio, when it has any: the detail screen shows a player. */
  audio?: AudioInfo | null
  /** The owner's own markdown note; '' when there is none (a shared view never has one). */
  note: string
}

/** The parts both screens have: spec §3 "Recording view data". */
interface ViewParts {
  recording: LooseObject
  owner: Owner
  /** Shared view: always shows whose recording it is. */
  sharedFrom: string | null
  summarization: Summarization | null
  transcription: unknown
  speakers: unknown
}

/**
 * A recording detail response (optionally wrapped as {success, data}) as the
 * detail screen shows it; null when it holds no recording ('No Data').
 */
export function normalizeDetail(response: unknown): RecordingView | null {
  const body = detailBody(response)
  const recording = asObject(body?.recording)
  if (!body || !recording) return null
  const owner = deriveOwner(recording.user)
  return composeView({
    recording,
    owner,
    sharedFrom: flag(recording.isShared) ? owner.displayName : null,
    summarization: firstSummarization(body.summarizations),
    transcription: body.transcription,
    speakers: body.speakers ?? recording.speakers,
  })
}

/** The object holding `recording`: the response itself or its `data`. */
export function detailBody(response: unknown): LooseObject | null {
  const outer = asObject(response)
  if (!outer) return null
  const inner = asObject(outer.data)
  if (inner && 'recording' in inner) return inner
  return 'recording' in outer ? outer : null
}

export function composeView(parts: ViewParts): RecordingView | null {
  const id = text(parts.recording.id).trim()
  if (!id) return null
  return {
    id,
    header: {
      title: recordingTitle(parts.recording),
      untitled: !text(parts.recording.title).trim() && !text(parts.recording.name).trim(),
      description: text(parts.recording.description).trim(),
      at: recordedAt(parts.recording),
      sharedFrom: parts.sharedFrom,
    },
    owner: parts.owner,
    summary: normalizeSummary(parts.summarization),
    tasks: normalizeActionItems(parts.summarization),
    transcript: normalizeTranscript(parts.transcription, parts.speakers),
    summarization: parts.summarization,
    speakers: parts.speakers,
    audio: normalizeAudio(parts.recording.audio),
    note: text(parts.recording.note),
  }
}
