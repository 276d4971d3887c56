/**
 * What the app and its service worker (sw/) say to each other about sync.
 * Kept free of imports: the service worker bundles this file and nothing of
 * the app's data layer.
 */

/** Tag of the Background Sync the app registers while offline with edits waiting. */
export const BACKGROUND_SYNC_TAG = 'pocket-outbox'

/** Posted by the service worker to every window when that sync fires: the app sends its edits. */
export const FLUSH_MESSAGE = 'flush-outbox'
