/** What one pull did (pull.ts; the sync worker hands it back to the page). */
export interface PullResult {
  pages: number
  changes: number
  /** The server could not continue the cursor: the library was dropped and pulled again. */
  resynced: boolean
}
