/** The highlight edits, loaded on the first one (they bring the outbox's engine and Dexie). */
export const highlightEdits = () => import('./edits')
