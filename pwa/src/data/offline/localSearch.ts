import { liveQuery, type Subscription } from 'dexie'
import MiniSearch from 'minisearch'
import type { PocketDB } from '../db'
import { searchText, type SearchText } from '../normalize/searchText'
import type { Recording } from '../types'

/** Search over what the device holds, for when the server cannot be reached. */
export interface LocalSearch {
  search(q: string): Promise<Recording[]>
  /** Stops following the database. */
  dispose(): void
}

const MAX_RESULTS = 100
const FIELDS = ['title', 'description', 'summary', 'note'] as const

export function newIndex(): MiniSearch<SearchText> {
  return new MiniSearch<SearchText>({
    fields: [...FIELDS],
    // Typing "budg" finds "budget", a typo in a longer word still finds it; every word must match.
    // One edit at most, and none for short words: wider fuzzy matching cost
    // several times the time over 10,000 recordings (docs/benchmarks.md).
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 1,
      boost: { title: 2 },
      combineWith: 'AND',
    },
  })
}

/** Every recording the list shows, as search documents (details read one at a time: they hold transcripts). */
export async function documentsOf(db: PocketDB): Promise<SearchText[]> {
  const rows = (await db.recordings.toArray()).filter((r) => r.sortKey && !r.empty)
  const details = new Map<string, unknown>()
  const wanted = new Set(rows.map((r) => r.id))
  await db.details.each((d) => {
    if (wanted.has(d.id)) details.set(d.id, d.data)
  })
  return rows.map((r) => searchText(r.data, details.get(r.id)))
}

/**
 * A MiniSearch index of the device's recordings, built on the first search
 * and kept in memory. Any change to the recordings or details tables (a
 * pull, a prefetch, an edit, sign-out) marks it stale, and the next search
 * builds it again: changes come in bursts, searches one at a time.
 */
export function createLocalSearch(db: PocketDB): LocalSearch {
  let index: Promise<MiniSearch<SearchText>> | null = null
  // Counts, not keys: Dexie tracks a count as one range every write falls in, where a
  // read of every key is tracked key by key, which cost tens of milliseconds after each
  // write to a library of 10,000 (docs/adr/0009-first-sync-in-bulk.md).
  const subscription: Subscription = liveQuery(() =>
    Promise.all([db.recordings.count(), db.details.count()]),
  ).subscribe({
    // Every answer marks the index stale, the first too: on a busy page the
    // first can come after a search built the index and after writes that
    // followed it, and it is then the only word of those writes.
    next: () => {
      index = null
    },
    error: (error) => console.warn('offline search: cannot follow the database', error),
  })

  const build = async () => {
    const next = newIndex()
    next.addAll(await documentsOf(db))
    return next
  }

  return {
    async search(q) {
      index ??= build().catch((error) => {
        index = null
        throw error
      })
      const hits = (await index).search(q).slice(0, MAX_RESULTS)
      const rows = await db.recordings.bulkGet(hits.map((h) => String(h.id)))
      return rows.flatMap((row) => (row ? [row.data] : []))
    },
    dispose: () => subscription.unsubscribe(),
  }
}
