import type { PocketDB, StoredHighlight } from '../db'
import { useDeviceQuery } from '../device/useDeviceQuery'
import { recordingTitle } from '../normalize/recording'
import { folderIdOf } from '../storedRecording'

/** The device query keys of highlights: a live read re-runs when its key changes. */
export const highlightKeys = {
  all: ['highlights'] as const,
  recording: (recordingId: string) => [...highlightKeys.all, 'recording', recordingId] as const,
  library: (f: LibraryFilter) =>
    [...highlightKeys.all, 'library', f.q ?? '', f.folderId ?? null, f.speaker ?? ''] as const,
}

/** A recording's highlights as the device shows them (queued edits laid over), in transcript order; undefined while loading. */
export function useRecordingHighlights(recordingId: string): StoredHighlight[] | undefined {
  return useDeviceQuery((db) => ofRecording(db, recordingId), [...highlightKeys.recording(recordingId)])
}

export async function ofRecording(db: PocketDB, recordingId: string): Promise<StoredHighlight[]> {
  const rows = await db.highlights.where('recordingId').equals(recordingId).toArray()
  return rows.sort((a, b) => a.start - b.start || a.createdAtMs - b.createdAtMs)
}

export interface LibraryFilter {
  /** Matches the text or the note, ignoring case. */
  q?: string
  /** The recording's folder as it is now ('' General); null/undefined: any. */
  folderId?: string | null
  /** One of the speakers heard, ignoring case. */
  speaker?: string
}

export interface LibraryHighlight extends StoredHighlight {
  recordingTitle: string
  folderId: string
}

export interface LibraryHighlights {
  items: LibraryHighlight[]
  /** Every speaker name any highlight has heard, for the speaker filter. */
  speakers: string[]
  /** Whether the device holds any highlight at all (an empty filter result is then not an empty library). */
  any: boolean
}

/** The library's highlights, newest first, filtered as the server's GET /api/v1/highlights filters. */
export function useLibraryHighlights(filter: LibraryFilter): LibraryHighlights | undefined {
  return useDeviceQuery((db) => libraryHighlights(db, filter), [...highlightKeys.library(filter)])
}

export async function libraryHighlights(db: PocketDB, filter: LibraryFilter): Promise<LibraryHighlights> {
  const rows = await db.highlights.orderBy('createdAtMs').reverse().toArray()
  const recordings = await db.recordings.bulkGet([...new Set(rows.map((h) => h.recordingId))])
  const byId = new Map(recordings.flatMap((r) => (r ? [[r.id, r] as const] : [])))
  // A recording deleted here (its delete still queued) hides its highlights; they go with its tombstone.
  const shown = rows.flatMap((h) => {
    const rec = byId.get(h.recordingId)
    return rec ? [{ ...h, recordingTitle: recordingTitle(rec.data), folderId: folderIdOf(rec) }] : []
  })
  const q = filter.q?.trim().toLowerCase() ?? ''
  const speaker = filter.speaker?.trim().toLowerCase() ?? ''
  const items = shown.filter(
    (h) =>
      (!q || h.text.toLowerCase().includes(q) || h.note.toLowerCase().includes(q)) &&
      (filter.folderId === undefined || filter.folderId === null || h.folderId === filter.folderId) &&
      (!speaker || h.speakers.some((s) => s.toLowerCase() === speaker)),
  )
  const speakers = [...new Set(shown.flatMap((h) => h.speakers))].sort((a, b) => a.localeCompare(b))
  return { items, speakers, any: shown.length > 0 }
}
