import { composeView, type RecordingView } from './detail'
import { asObject } from './loose'
import { deriveOwner } from './recording'
import { toSummarization } from './summarization'

/** Whether the shared view lets the page offer the audio as a file (absent: no). */
export function sharedViewAllowsDownload(response: unknown): boolean {
  const outer = asObject(response)
  const body = asObject(outer?.data) ?? outer
  return body?.allowDownload === true
}

/**
 * The public shared view (GET /api/v1/share/shared/recording), optionally
 * wrapped as {success, data}: recording (carrying its speakers), owner,
 * summarization, transcription. Null when it holds no recording.
 */
export function normalizeSharedView(response: unknown): RecordingView | null {
  const outer = asObject(response)
  const body = asObject(outer?.data) ?? outer
  const recording = asObject(body?.recording)
  if (!body || !recording) return null
  const owner = deriveOwner(body.owner ?? recording.user)
  return composeView({
    recording,
    owner,
    sharedFrom: owner.displayName,
    summarization: toSummarization(body.summarization),
    transcription: body.transcription,
    speakers: recording.speakers,
  })
}
