import { db } from '../db'
import { markOpened } from './evict'

/**
 * The user opened this recording here: the offline budget never removes it.
 * A module of its own, so the detail screen that marks it loads none of the
 * offline library's fetching (index.ts).
 */
export function markOpenedHere(id: string): Promise<void> {
  return markOpened(db, id)
}
