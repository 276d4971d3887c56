/**
 * The owner's edits (recordingEdits), loaded on the first save: the screens
 * that offer them draw without the outbox's engine and Dexie, and by the
 * time someone saves, the device store they write to has long loaded.
 * Edits made in a row still queue in the order they were made: each waits
 * on the same load, and its callbacks run in the order they were added.
 */
export const recordingEdits = () => import('./recordingEdits')
