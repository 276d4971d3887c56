import type { HighlightView } from './fold'

/** What the library's Highlights page narrows to; '' matches everything. */
export interface HighlightFilter {
  query: string
  /** A folder id, or GENERAL for recordings in no folder. */
  folderId: string
  speaker: string
}

/** folderId of recordings filed in no folder. */
export const GENERAL = '-'

/** The highlights the filter keeps, by the server's rules (GET /api/v1/highlights): words in text or note, the recording's folder now, a speaker heard; all ignoring case. */
export function filterHighlights(
  list: HighlightView[],
  f: HighlightFilter,
  folderOf: (recordingId: string) => string | undefined,
): HighlightView[] {
  const q = f.query.trim().toLowerCase()
  const speaker = f.speaker.trim().toLowerCase()
  return list.filter((h) => {
    if (q && !h.text.toLowerCase().includes(q) && !h.note.toLowerCase().includes(q)) return false
    if (speaker && !h.speakers.some((s) => s.toLowerCase() === speaker)) return false
    if (f.folderId) {
      const folder = folderOf(h.recordingId) ?? ''
      if ((f.folderId === GENERAL ? '' : f.folderId) !== folder) return false
    }
    return true
  })
}
