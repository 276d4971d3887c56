/** The recording screen's tabs, by id; the id is also the value of ?tab= in the URL. */
export type DetailTab = 'summary' | 'actionable' | 'mindmap' | 'transcription' | 'highlights' | 'ask'

/** Every tab, in the order the phone's bottom bar shows them. */
export const ALL_TABS: DetailTab[] = ['summary', 'actionable', 'mindmap', 'transcription', 'highlights', 'ask']

/** Tabs only the owner's screen has (the shared page shows none of them). */
export const OWNER_TABS: DetailTab[] = ['highlights']
