import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/data/db'
import { earlyFirstPage, earlyStartSettled, forgetEarlyFirstPage } from '@/data/earlyStart'
import { adoptProfile, FIRST_LIST_PAGE_ROWS } from '@/data/profile'
import { DASHBOARD_PAGE_SIZE, fetchDashboard, toStored } from '@/data/recordings'
import { alice } from '@/test/render'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from '@/data/session'
import { firstRequests, startColdStart } from './coldStart'

const preloads = vi.hoisted(() => ({ calls: 0, detail: 0 }))
// The screens' chunks are not fetched here; only whether the cold start asks for them.
vi.mock('./routes', () => ({
  preloadListScreen: () => (preloads.calls++, [Promise.resolve()]),
  preloadDetailScreen: () => (preloads.detail++, [Promise.resolve()]),
}))

const MARKER = 'pocket_has_session=1'
const stored = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    toStored({ id: `r${i}`, title: `R${i}`, recordingAt: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z` }),
  )

beforeEach(() => {
  preloads.calls = 0
  preloads.detail = 0
  forgetEarlyFirstPage()
})

describe('cold start on the list', () => {
  it('starts nothing for a signed-out visitor (no session marker) or off the list', async () => {
    expect(startColdStart('/recordings', '')).toBe(false)
    expect(startColdStart('/login', MARKER)).toBe(false)
    expect(startColdStart('/recordings/abc', '')).toBe(false)
    expect(startColdStart('/ask', MARKER)).toBe(false)
    expect(startColdStart('/recordings/abc/more', MARKER)).toBe(false)
    expect(preloads.calls + preloads.detail).toBe(0)
    await earlyStartSettled()
    expect(earlyFirstPage(alice.uid)).toBeUndefined()
  })

  it('with the marker on /recordings: fetches the list chunks and reads the first page, for its owner only', async () => {
    await adoptProfile(alice)
    await db.recordings.bulkPut(stored(25))
    expect(startColdStart('/recordings', MARKER)).toBe(true)
    expect(preloads.calls).toBe(1)
    await earlyStartSettled()
    const rows = earlyFirstPage(alice.uid)
    expect(rows?.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => `r${24 - i}`)) // newest first
    expect(earlyFirstPage('uid-bob')).toBeUndefined() // another account never sees them
    forgetEarlyFirstPage()
    expect(earlyFirstPage(alice.uid)).toBeUndefined()
  })

  it('reads exactly the list’s first page', () => {
    expect(FIRST_LIST_PAGE_ROWS).toBe(DASHBOARD_PAGE_SIZE)
  })

  it('shows nothing early when the device does not say whose data it holds', async () => {
    await db.recordings.bulkPut(stored(3))
    startColdStart('/', MARKER)
    await earlyStartSettled()
    expect(earlyFirstPage(alice.uid)).toBeUndefined()
  })
})

describe('cold start on a recording', () => {
  it('with the marker on /recordings/{id}: fetches the detail chunks and opens the device store, reading no list', async () => {
    await adoptProfile(alice)
    await db.recordings.bulkPut(stored(3))
    db.close()
    expect(db.isOpen()).toBe(false)
    expect(startColdStart('/recordings/rec_01', MARKER)).toBe(true)
    expect(preloads.detail).toBe(1)
    expect(preloads.calls).toBe(0)
    await earlyStartSettled()
    expect(db.isOpen()).toBe(true)
    expect(earlyFirstPage(alice.uid)).toBeUndefined()
  })
})

describe('the first request, sent as soon as the token is back', () => {
  /** Records the GETs of the list's first page and of recordings' details, with their bearer tokens. */
  function recordGets() {
    const gets: string[] = []
    server.use(
      http.get('/api/v1/recordings/:id', ({ request }) => {
        const url = new URL(request.url)
        gets.push(`${url.pathname}${url.search} ${request.headers.get('Authorization')}`)
        return HttpResponse.json({ data: [], nextCursor: null })
      }),
    )
    return gets
  }

  it('nothing without the session marker, off the two screens, or on a list with a query', () => {
    expect(firstRequests('/recordings', '', '')).toBeUndefined()
    expect(firstRequests('/login', '', MARKER)).toBeUndefined()
    expect(firstRequests('/ask', '', MARKER)).toBeUndefined()
    expect(firstRequests('/recordings', '?q=budget', MARKER)).toBeUndefined()
  })

  it('the list asks for its first page with the new token; the list’s own request then takes that answer', async () => {
    const gets = recordGets()
    firstRequests('/recordings', '', MARKER)?.('tok-1')
    session.setIdToken('tok-1')
    await fetchDashboard()
    expect(gets).toEqual([`/api/v1/recordings/dashboard?limit=${DASHBOARD_PAGE_SIZE} Bearer tok-1`])
  })

  it('a recording’s page asks for that recording, its id decoded from the path as the screen does', async () => {
    const gets = recordGets()
    firstRequests('/recordings/a%20b%25', '?tab=transcript', MARKER)?.('tok-2')
    await vi.waitFor(() => expect(gets).toHaveLength(1))
    expect(gets[0]).toBe('/api/v1/recordings/a%20b%25?include=all Bearer tok-2')
  })
})
