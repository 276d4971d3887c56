import type { Recording } from '../types'
import { detailBody } from './detail'
import { asObject, text } from './loose'
import { recordingTitle, summaryPlainText } from './recording'
import { firstSummarization } from './summarization'
import { normalizeSummary } from './summary'

/** The words a recording is found by on the device: one document of the offline search. */
export interface SearchText {
  id: string
  title: string
  description: string
  summary: string
  /** The owner's own note (markdown as written). */
  note: string
}

/**
 * Title, description, summary and the owner's note as plain text, from the list row (which
 * carries queued edits) and, when the device holds it, the detail (which
 * carries the whole summary; the row often has none). The one place offline
 * search reads the spec's loose shapes, through the normalisers. Only the
 * summary is read from the detail: transcripts are not searched, and
 * normalising them for 10,000 recordings would cost more than the index.
 */
export function searchText(row: Recording, detail?: unknown): SearchText {
  const body = detail === undefined ? null : detailBody(detail)
  const summarization = body ? firstSummarization(body.summarizations) : null
  const summary = normalizeSummary(summarization) ?? normalizeSummary(asObject(row.summarization))
  const detailRecording = asObject(body?.recording)
  const detailDescription = text(detailRecording?.description).trim()
  return {
    id: row.id,
    title: recordingTitle(row),
    description: text(row.description).trim() || detailDescription,
    summary: summaryPlainText(summary),
    // The row carries a queued edit of the note; a row that predates notes has none, the detail may.
    note: (row.note === undefined ? text(detailRecording?.note) : text(row.note)).trim(),
  }
}
