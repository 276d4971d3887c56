/** The recording screen's tabs, by id; the id is also the value of ?tab= in the URL. */
export type DetailTab = 'summary' | 'actionable' | 'mindmap' | 'transcription' | 'highlights' | 'notes' | 'ask'

/** Every tab, in the order the phone's bottom bar shows them. */
export const ALL_TABS: DetailTab[] = ['summary', 'actionable', 'mindmap', 'transcription', 'highlights', 'notes', 'ask']

/** The tabs only the owner's screen has: a shared page never shows the note or the highlights. */
export const OWNER_TABS: readonly DetailTab[] = ['highlights', 'notes']

/**
 * The tab a URL opens on: ?tab= when the screen has it; else Transcription for
 * a link to a passage (?t= seconds), else Summary. Also returns the passage.
 */
export function openingTab(params: URLSearchParams, available: readonly DetailTab[]): [DetailTab, number | null] {
  const raw = params.get('tab')
  const t = params.get('t')
  const at = t !== null && t.trim() !== '' && Number.isFinite(Number(t)) && Number(t) >= 0 ? Number(t) : null
  const tab = available.includes(raw as DetailTab) ? (raw as DetailTab) : at !== null ? 'transcription' : 'summary'
  return [tab, at]
}
