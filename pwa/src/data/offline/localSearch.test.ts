import { afterEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db as appDb, PocketDB } from '../db'
import { searchRecordings } from '../search'
import { toStored } from '../storedRecording'
import { createLocalSearch, type LocalSearch } from './localSearch'
import { testWaitMs } from '@/test/waitMs'

const opened: Array<{ db: PocketDB; search: LocalSearch }> = []
afterEach(async () => {
  for (const { db, search } of opened.splice(0)) {
    search.dispose()
    await db.delete()
  }
})

async function device() {
  const db = new PocketDB(`local-search-${Math.random()}`)
  await db.recordings.bulkPut([
    toStored({ id: 'a', title: 'Weekly sync', recordingAt: '2026-01-03T10:00:00Z' }),
    toStored({
      id: 'b',
      title: 'Dentist',
      description: 'Crown fitting on Tuesday',
      recordingAt: '2026-01-02T10:00:00Z',
    }),
    toStored({
      id: 'c',
      title: 'Walk',
      recordingAt: '2026-01-01T10:00:00Z',
      summarization: { summary: '## Ideas\n- Kayak trip in **June**' },
    }),
  ])
  // A detail on the device: its summary is searchable, though the list row has none.
  await db.details.put({
    id: 'a',
    fetchedAt: 1,
    data: {
      recording: { id: 'a', title: 'Weekly sync' },
      summarizations: [{ v2Summary: { markdown: 'The **quarterly budget** was approved.' } }],
    },
  })
  const search = createLocalSearch(db)
  opened.push({ db, search })
  return { db, search }
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id)

describe('createLocalSearch', () => {
  it('finds recordings by a word of their title, description or summary', async () => {
    const { search } = await device()
    expect(ids(await search.search('weekly'))).toEqual(['a'])
    expect(ids(await search.search('crown'))).toEqual(['b'])
    expect(ids(await search.search('budget'))).toEqual(['a'])
    expect(ids(await search.search('kayak'))).toEqual(['c'])
    expect(await search.search('nothing-like-this')).toEqual([])
  })

  it('matches prefixes and small typos, every word required', async () => {
    const { search } = await device()
    expect(ids(await search.search('quart'))).toEqual(['a'])
    expect(ids(await search.search('dantist'))).toEqual(['b'])
    expect(ids(await search.search('budget kayak'))).toEqual([])
  })

  it('lists those with every word in the title first, then the others, each newest first', async () => {
    const { db, search } = await device()
    await db.recordings.bulkPut([
      toStored({ id: 'old-title', title: 'Budget review', recordingAt: '2026-02-01T10:00:00Z' }),
      toStored({ id: 'new-desc', title: 'Call', description: 'The budget again', recordingAt: '2026-02-03T10:00:00Z' }),
      toStored({ id: 'new-title', title: 'Budget plan', recordingAt: '2026-02-02T10:00:00Z' }),
    ])
    await expect
      .poll(async () => ids(await search.search('budget')), { timeout: testWaitMs() })
      .toEqual(['new-title', 'old-title', 'new-desc', 'a'])
  })

  it('matches the start of a word, not its middle', async () => {
    const { search } = await device()
    expect(ids(await search.search('ntis'))).toEqual([])
    expect(ids(await search.search('fitt'))).toEqual(['b'])
  })

  it('follows the database: new and renamed recordings are found, deleted ones are not', async () => {
    const { db, search } = await device()
    expect(ids(await search.search('weekly'))).toEqual(['a'])
    await db.recordings.put(toStored({ id: 'd', title: 'Weekly planning', recordingAt: '2026-01-04T10:00:00Z' }))
    await db.recordings.put(toStored({ id: 'a', title: 'Monday standup', recordingAt: '2026-01-03T10:00:00Z' }))
    // The index follows Dexie's change notifications, which can come later than expect.poll's
    // default second on a busy machine: a bound of its own.
    const follows = { timeout: testWaitMs() }
    await expect.poll(async () => ids(await search.search('weekly')), follows).toEqual(['d'])
    await db.recordings.clear()
    await expect.poll(async () => (await search.search('planning')).length, follows).toBe(0)
  })

  it('follows a rename alone, which changes no count', async () => {
    const { db, search } = await device()
    expect(ids(await search.search('weekly'))).toEqual(['a'])
    await db.recordings.put(toStored({ id: 'a', title: 'Monday review', recordingAt: '2026-01-03T10:00:00Z' }))
    const follows = { timeout: testWaitMs() }
    // A word only the new title has: found once the index holds the rename (its summary's
    // "quarterly" was found before it too, so it could not tell).
    await expect.poll(async () => ids(await search.search('monday')), follows).toEqual(['a'])
    expect(await search.search('weekly')).toEqual([])
  })
})

describe('searchRecordings offline', () => {
  it('falls back to the device when the server cannot be reached, and says so', async () => {
    await appDb.recordings.put(toStored({ id: 'x', title: 'Offsite agenda', recordingAt: '2026-01-03T10:00:00Z' }))
    server.use(http.get('/api/v1/recordings/search', () => HttpResponse.error()))
    const result = await searchRecordings('offs')
    expect(result.fromDevice).toBe(true)
    expect(ids(result.recordings)).toEqual(['x'])
  })

  it('does not fall back when the server answers with an error', async () => {
    await appDb.recordings.put(toStored({ id: 'x', title: 'Offsite agenda', recordingAt: '2026-01-03T10:00:00Z' }))
    server.use(
      http.get('/api/v1/recordings/search', () =>
        HttpResponse.json({ success: false, message: 'boom' }, { status: 500 }),
      ),
    )
    await expect(searchRecordings('offsite')).rejects.toMatchObject({ status: 500 })
  })
})
