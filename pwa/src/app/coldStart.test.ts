import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/data/db'
import { earlyFirstPage, earlyStartSettled, forgetEarlyFirstPage } from '@/data/earlyStart'
import { adoptProfile, FIRST_LIST_PAGE_ROWS } from '@/data/profile'
import { DASHBOARD_PAGE_SIZE, toStored } from '@/data/recordings'
import { alice } from '@/test/render'
import { startColdStart } from './coldStart'

const preloads = vi.hoisted(() => ({ calls: 0, detail: 0 }))
// The screens' chunks are not fetched here; only whether the cold start asks for them.
vi.mock('./routes', () => ({
  preloadListScreen: () => (preloads.calls++, [Promise.resolve()]),
  preloadDetailScreen: () => (preloads.detail++, [Promise.resolve()]),
}))

const MARKER = 'pocket_has_session=1'
const stored = (n: number) =>
  Array.from({ length: n }, (_, i) => toStored({ id: `r${i}`, title: `R${i}`, recordingAt: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z` } as never))

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
