/** The recording screen's tabs, by id; the id is also the value of ?tab= in the URL. */
export type DetailTab = 'summary' | 'actionable' | 'mindmap' | 'transcription' | 'ask'

/** Every tab, in the order the phone's bottom bar shows them. */
export const ALL_TABS: DetailTab[] = ['summary', 'actionable', 'mindmap', 'transcription', 'ask']
