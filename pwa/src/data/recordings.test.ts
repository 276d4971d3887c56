import { describe, expect, it } from 'vitest'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '@/mocks/node'
import { db } from './db'
import {
  fetchDashboard,
  readCachedDashboard,
  recordingKeys,
  toDashboardPage,
  UNEXPECTED_FORMAT_MESSAGE,
} from './recordings'

const ids = async () => (await db.recordings.toCollection().primaryKeys()).sort()
const rec = (id: string, recordingAt: string) => ({ id, title: id, recordingAt })

function dashboard(body: JsonBodyType, seen?: URL[]) {
  server.use(
    http.get('/api/v1/recordings/dashboard', ({ request }) => {
      seen?.push(new URL(request.url))
      return HttpResponse.json(body)
    }),
  )
}

describe('recording keys', () => {
  it('share the recordings prefix', () => {
    expect(recordingKeys.dashboard()).toEqual(['recordings', 'dashboard', { limit: 20 }])
    expect(recordingKeys.detail('r1')).toEqual(['recordings', 'detail', 'r1'])
    expect(recordingKeys.dashboard().slice(0, 1)).toEqual(recordingKeys.all)
  })
})

describe('dashboard', () => {
  it('sends only limit (20) and cursor', async () => {
    const seen: URL[] = []
    dashboard({ data: [], nextCursor: null }, seen)
    await fetchDashboard()
    await fetchDashboard({ cursor: 'c2' })
    expect(seen.map((u) => u.search)).toEqual(['?limit=20', '?limit=20&cursor=c2'])
  })

  it('writes through to IndexedDB, newest first', async () => {
    dashboard({ data: [rec('old', '2024-01-01T00:00:00Z'), rec('new', '2025-01-01T00:00:00Z')], nextCursor: 'n' })
    const page = await fetchDashboard()
    expect(page.nextCursor).toBe('n')
    expect((await readCachedDashboard(db)).map((r) => r.id)).toEqual(['new', 'old'])
  })

  it('drops rows the server no longer lists on a complete first page', async () => {
    await db.recordings.bulkPut([
      { id: 'gone', sortKey: '2025-06-01', data: { id: 'gone' } },
      { id: 'kept', sortKey: '2025-01-01', data: { id: 'kept' } },
    ])
    dashboard({ data: [rec('kept', '2025-01-01')], nextCursor: null })
    await fetchDashboard()
    expect(await ids()).toEqual(['kept'])
  })

  it('keeps older rows beyond a partial first page', async () => {
    await db.recordings.bulkPut([{ id: 'older', sortKey: '2020-01-01', data: { id: 'older' } }])
    dashboard({ data: [rec('a', '2025-01-01')], nextCursor: 'more' })
    await fetchDashboard()
    expect(await ids()).toEqual(['a', 'older'])
  })

  it('rejects an unexpected shape with the spec message', () => {
    expect(() => toDashboardPage({ items: [] })).toThrow(UNEXPECTED_FORMAT_MESSAGE)
    expect(() => toDashboardPage(null)).toThrow(UNEXPECTED_FORMAT_MESSAGE)
    expect(toDashboardPage({ data: [{ id: 'x' }, { nope: 1 }, null] })).toEqual({
      data: [{ id: 'x' }],
      nextCursor: null,
    })
  })
})

describe('paging write-through', () => {
  it('drops rows inside a later page’s span that the page no longer lists', async () => {
    dashboard({ data: [rec('a', '2026-05-01T00:00:00Z')], nextCursor: 'n' })
    await fetchDashboard()
    await db.recordings.bulkPut([
      { id: 'deleted', sortKey: '2026-03-15T00:00:00.000Z', data: { id: 'deleted' } },
      { id: 'older', sortKey: '2025-01-01T00:00:00.000Z', data: { id: 'older' } },
    ])
    dashboard({ data: [rec('b', '2026-04-01T00:00:00Z'), rec('c', '2026-03-01T00:00:00Z')], nextCursor: 'm' })
    await fetchDashboard({ cursor: 'n' })
    expect(await ids()).toEqual(['a', 'b', 'c', 'older'])
  })

  it('the last page also drops everything older than itself; an empty last page drops nothing', async () => {
    await db.recordings.bulkPut([
      { id: 'a', sortKey: '2026-05-01T00:00:00.000Z', data: rec('a', '2026-05-01T00:00:00Z') },
      { id: 'older', sortKey: '2025-01-01T00:00:00.000Z', data: { id: 'older' } },
    ])
    dashboard({ data: [], nextCursor: null })
    await fetchDashboard({ cursor: 'n' })
    expect(await ids()).toEqual(['a', 'older'])
    dashboard({ data: [rec('b', '2026-04-01T00:00:00Z')], nextCursor: null })
    await fetchDashboard({ cursor: 'n' })
    expect(await ids()).toEqual(['a', 'b'])
  })

  it('an empty library on the server empties the device', async () => {
    await db.recordings.bulkPut([{ id: 'gone', sortKey: '2026-01-01', data: { id: 'gone' } }])
    dashboard({ data: [], nextCursor: null })
    await fetchDashboard()
    expect(await ids()).toEqual([])
  })
})

describe('duplicates across pages', () => {
  it('keep the newer copy already on the device when a later page repeats it', async () => {
    dashboard({ data: [{ id: 'a', title: 'newer', recordingAt: '2026-02-01T00:00:00Z' }], nextCursor: 'n' })
    await fetchDashboard()
    dashboard({ data: [{ id: 'a', title: 'older', recordingAt: '2026-01-01T00:00:00Z' }], nextCursor: null })
    await fetchDashboard({ cursor: 'n' })
    expect((await db.recordings.get('a'))?.data.title).toBe('newer')
  })

  it('are merged inside one page', () => {
    const page = toDashboardPage({
      data: [
        { id: 'd', title: 'first sync', recordingAt: '2026-10-22T15:00:00Z' },
        { id: 'd', title: 'resynced', recordingAt: '2026-10-22T15:00:30Z' },
      ],
    })
    expect(page.data.map((r) => r.title)).toEqual(['resynced'])
  })
})
