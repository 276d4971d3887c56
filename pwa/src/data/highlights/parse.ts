import type { HighlightState } from '@/gen/pocket/sync/v1/sync_pb'
import type { StoredHighlight } from '../db'
import { asArray, asObject, first, seconds, text } from '../normalize/loose'

/** A pulled highlight (or a mutation's `current`) as the device keeps it. */
export function highlightFromState(h: HighlightState): StoredHighlight {
  return {
    id: h.id,
    recordingId: h.recordingId,
    start: h.start,
    end: h.end,
    text: h.text,
    note: h.note,
    speakers: [...h.speakers],
    createdAtMs: Number(h.createdAtMs),
    updatedAtMs: Number(h.updatedAtMs),
    version: Number(h.version),
  }
}

function millis(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  const t = Date.parse(text(value))
  return Number.isNaN(t) ? 0 : t
}

/**
 * A highlight from the REST API (GET /api/v1/highlights, a backup's
 * `highlights`): camelCase or snake_case, times as ISO text or epoch ms;
 * null when it names no highlight of a recording.
 */
export function parseHighlight(value: unknown): StoredHighlight | null {
  const o = asObject(value)
  const id = o ? text(o.id).trim() : ''
  const recordingId = o ? text(first(o, 'recordingId', 'recording_id')).trim() : ''
  if (!o || !id || !recordingId) return null
  const start = seconds(o.start)
  const end = seconds(o.end)
  if (!(end > start)) return null
  return {
    id,
    recordingId,
    start,
    end,
    text: text(o.text),
    note: text(o.note),
    speakers: (asArray(o.speakers) ?? []).map(text).filter((s) => s !== ''),
    createdAtMs: millis(first(o, 'createdAt', 'created_at')),
    updatedAtMs: millis(first(o, 'updatedAt', 'updated_at', 'createdAt', 'created_at')),
    version: 0,
  }
}
