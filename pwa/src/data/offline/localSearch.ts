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

/** A document as the scan reads it: lowercased. */
export interface Scanned {
  id: string
  title: string
  text: string
}

export function scanned(doc: SearchText): Scanned {
  return {
    id: doc.id,
    title: doc.title.toLowerCase(),
    text: FIELDS.map((f) => doc[f])
      .join('\n')
      .toLowerCase(),
  }
}

const WORD_CHAR = /[\p{L}\p{N}]/u

/** Whether word starts one of text's words ("budg" in "the budget", not "udget"). */
function startsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !WORD_CHAR.test(text[at - 1]!)) return true
  }
  return false
}

/**
 * The documents with every word of q at the start of one of theirs ("budg"
 * finds "budget"), those with every word in the title first, each group in
 * the order of docs (the list's, newest first). One pass, no index: over
 * 100,000 recordings it answered in 60 ms at p95 where MiniSearch, which
 * scores every match, took 134 ms and 5 s to build (ADR 26).
 */
export function scan(docs: Scanned[], q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return []
  const inTitle: string[] = []
  const elsewhere: string[] = []
  for (const doc of docs) {
    if (!words.every((w) => startsAWord(doc.text, w))) continue
    if (words.every((w) => startsAWord(doc.title, w))) inTitle.push(doc.id)
    else if (elsewhere.length < MAX_RESULTS) elsewhere.push(doc.id)
    if (inTitle.length === MAX_RESULTS) break
  }
  return [...inTitle, ...elsewhere].slice(0, MAX_RESULTS)
}

/** Every recording the list shows, newest first, as search documents (details read one at a time: they hold transcripts). */
export async function documentsOf(db: PocketDB): Promise<SearchText[]> {
  // The sortKey index leaves out the rows the list hides, and reads newest first.
  const rows = (await db.recordings.orderBy('sortKey').reverse().toArray()).filter((r) => r.sortKey && !r.empty)
  const details = new Map<string, unknown>()
  const wanted = new Set(rows.map((r) => r.id))
  await db.details.each((d) => {
    if (wanted.has(d.id)) details.set(d.id, d.data)
  })
  return rows.map((r) => searchText(r.data, details.get(r.id)))
}

/**
 * The device's search: a scan of its recordings' words (kept in memory,
 * read on the first search) and, when the scan finds nothing, MiniSearch's
 * matching with a typo, built then. Any change to the recordings or details
 * tables (a pull, a prefetch, an edit, sign-out) marks both stale, and the
 * next search reads them again: changes come in bursts, searches one at a time.
 */
export function createLocalSearch(db: PocketDB): LocalSearch {
  // What one read of the tables gives the searches until the next change: the documents,
  // their words for the scan, and the typo index once a search has needed it.
  interface Read {
    all: SearchText[]
    words: Scanned[]
    typos?: MiniSearch<SearchText>
  }
  let current: Promise<Read> | null = null
  // Counts, not keys: Dexie tracks a count as one range every write falls in, where a
  // read of every key is tracked key by key, which cost tens of milliseconds after each
  // write to a library of 10,000 (docs/adr/0009-first-sync-in-bulk.md).
  const subscription: Subscription = liveQuery(() =>
    Promise.all([db.recordings.count(), db.details.count()]),
  ).subscribe({
    // Every answer marks the read stale, the first too: on a busy page the
    // first can come after a search read the tables and after writes that
    // followed it, and it is then the only word of those writes.
    next: () => {
      current = null
    },
    error: (error) => console.warn('offline search: cannot follow the database', error),
  })

  const read = () =>
    (current ??= documentsOf(db).then(
      (all): Read => ({ all, words: all.map(scanned) }),
      (error: unknown) => {
        current = null
        throw error
      },
    ))

  return {
    async search(q) {
      const docs = await read()
      let ids = scan(docs.words, q)
      if (ids.length === 0) {
        docs.typos ??= withTypos(docs.all)
        ids = docs.typos
          .search(q)
          .slice(0, MAX_RESULTS)
          .map((h) => String(h.id))
      }
      const rows = await db.recordings.bulkGet(ids)
      return rows.flatMap((row) => (row ? [row.data] : []))
    },
    dispose: () => subscription.unsubscribe(),
  }
}

function withTypos(docs: SearchText[]): MiniSearch<SearchText> {
  const index = newIndex()
  index.addAll(docs)
  return index
}
