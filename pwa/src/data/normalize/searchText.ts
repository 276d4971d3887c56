import type { Recording } from '../types'
import { normalizeDetail } from './detail'
import { asObject, text } from './loose'
import { recordingTitle, summaryPlainText } from './recording'
import { normalizeSummary } from './summary'

/** The words a recording is found by on the device: one document of the offline search. */
export interface SearchText {
  id: string
  title: string
  description: string
  summary: string
}

/**
 * Title, description and summary as plain text, from the list row (which
 * carries queued edits) and, when the device holds it, the detail (which
 * carries the whole summary; the row often has none). The one place offline
 * search reads the spec's loose shapes, through the normalisers.
 */
export function searchText(row: Recording, detail?: unknown): SearchText {
  const view = detail === undefined ? null : normalizeDetail(detail)
  const summary = view?.summary ?? normalizeSummary(asObject(row.summarization))
  return {
    id: row.id,
    title: recordingTitle(row),
    description: text(row.description).trim() || (view?.header.description ?? ''),
    summary: summaryPlainText(summary),
  }
}
