import { afterEach, expect, it, vi } from 'vitest'
import { PocketDB } from '../db'
import { toStored } from '../storedRecording'

// Dexie's change notifications, delivered when the test says: the first
// answer of the subscription can come after a search and after writes.
const observers: Array<{ next: (value: unknown) => void }> = []
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof import('dexie')>()
  return {
    ...dexie,
    liveQuery: () => ({
      subscribe(observer: { next: (value: unknown) => void }) {
        observers.push(observer)
        return { unsubscribe: () => observers.splice(observers.indexOf(observer), 1), closed: false }
      },
    }),
  }
})

const { createLocalSearch } = await import('./localSearch')

let db: PocketDB | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

it('a first notification that comes after a search and writes still makes the next search see them', async () => {
  db = new PocketDB(`local-search-first-${Math.random()}`)
  await db.recordings.bulkPut([toStored({ id: 'a', title: 'Weekly sync', recordingAt: '2026-01-03T10:00:00Z' })])
  const search = createLocalSearch(db)
  expect((await search.search('weekly')).map((r) => r.id)).toEqual(['a'])

  await db.recordings.put(toStored({ id: 'd', title: 'Weekly planning', recordingAt: '2026-01-04T10:00:00Z' }))
  await db.recordings.put(toStored({ id: 'a', title: 'Monday standup', recordingAt: '2026-01-03T10:00:00Z' }))
  for (const o of [...observers]) o.next([])

  expect((await search.search('weekly')).map((r) => r.id)).toEqual(['d'])
  search.dispose()
})
