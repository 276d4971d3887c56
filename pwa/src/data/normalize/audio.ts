import { asObject, text } from './loose'

/** A recording's audio as the server describes it (recording.audio). */
export interface AudioInfo {
  contentType: string
  size: number
}

/** recording.audio, or null when the recording has no audio (then no player). */
export function normalizeAudio(value: unknown): AudioInfo | null {
  const obj = asObject(value)
  if (!obj) return null
  const contentType = text(obj.contentType).trim()
  const size = typeof obj.size === 'number' && Number.isFinite(obj.size) ? obj.size : 0
  return contentType.startsWith('audio/') && size > 0 ? { contentType, size } : null
}
