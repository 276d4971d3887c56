import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NETWORK_ERROR_CODE } from '../api/errors'
import { PocketDB } from '../db'
import { toStored } from '../storedRecording'
import { countAvailable } from './candidates'
import { createPrefetcher } from './index'
import { prefetchOnce, type PrefetchDeps } from './prefetch'
import { createStatusStore } from './status'

const dbs: PocketDB[] = []
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T10:00:00Z`

/** A library of `count` recordings, r1 the oldest. */
async function library(count: number): Promise<PocketDB> {
  const db = new PocketDB(`prefetch-${Math.random()}`)
  dbs.push(db)
  await db.recordings.bulkPut(
    Array.from({ length: count }, (_, i) =>
      toStored({ id: `r${i + 1}`, title: `T${i + 1}`, recordingAt: day(i + 1), updatedAt: day(i + 1) }),
    ),
  )
  return db
}

function deps(db: PocketDB, over: Partial<PrefetchDeps> = {}): PrefetchDeps & { order: string[] } {
  const order: string[] = []
  return {
    db,
    order,
    fetchDetail: vi.fn(async (id: string) => {
      order.push(id)
      const row = await db.recordings.get(id)
      await db.details.put({ id, fetchedAt: Date.now(), data: { recording: { id, updatedAt: row?.data.updatedAt } } })
    }),
    fetchChat: vi.fn(async () => {}),
    limit: () => 3,
    lock: (_name, fn) => fn(),
    status: createStatusStore(),
    concurrency: 1,
    ...over,
  }
}

const live = () => new AbortController().signal

describe('prefetchOnce', () => {
  it('fetches the newest recordings first, within the budget, with their chat', async () => {
    const db = await library(5)
    const d = deps(db)
    const result = await prefetchOnce(d, live())
    expect(d.order).toEqual(['r5', 'r4', 'r3'])
    expect(d.fetchChat).toHaveBeenCalledTimes(3)
    expect(result).toMatchObject({ fetched: 3, skipped: 0, stopped: null })
    expect(await countAvailable(db, 3)).toEqual({ available: 3, wanted: 3 })
  })

  it('waits for foreground work (a pull, the screens reading it) before each recording', async () => {
    const db = await library(3)
    let release = () => {}
    const waits: string[] = []
    const d = deps(db, {
      yieldToForeground: () => {
        waits.push(`wait after ${d.order.length}`)
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    const run = prefetchOnce(d, live())
    await vi.waitFor(() => expect(waits).toEqual(['wait after 0']))
    // Held: nothing is fetched while the foreground is busy.
    await new Promise((r) => setTimeout(r, 20))
    expect(d.order).toEqual([])
    for (let i = 0; i < 3; i++) {
      release()
      await vi.waitFor(() => expect(d.order).toHaveLength(i + 1))
    }
    expect(await run).toMatchObject({ fetched: 3 })
    expect(waits).toEqual(['wait after 0', 'wait after 1', 'wait after 2'])
  })

  it('gives back the space of background copies when the budget shrinks', async () => {
    const db = await library(5)
    let limit = 5
    const d = deps(db, { limit: () => limit })
    await prefetchOnce(d, live())
    expect(await db.details.count()).toBe(5)
    limit = 2
    expect(await prefetchOnce(d, live())).toMatchObject({ fetched: 0, evicted: 3 })
    expect((await db.details.toCollection().primaryKeys()).sort()).toEqual(['r4', 'r5'])
  })

  it('skips recordings whose cached detail is as new as the row, and refetches changed ones', async () => {
    const db = await library(3)
    const d = deps(db)
    await prefetchOnce(d, live())
    d.order.length = 0
    await db.recordings.put(toStored({ id: 'r2', title: 'Renamed', recordingAt: day(2), updatedAt: day(20) }))
    const result = await prefetchOnce(d, live())
    expect(d.order).toEqual(['r2'])
    expect(result).toMatchObject({ fetched: 1, skipped: 2 })
  })

  it('keeps at most `concurrency` fetches in flight', async () => {
    const db = await library(10)
    let inFlight = 0
    let most = 0
    const d = deps(db, {
      limit: () => Number.POSITIVE_INFINITY,
      concurrency: 3,
      fetchDetail: async () => {
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 5))
        inFlight--
      },
    })
    const result = await prefetchOnce(d, live())
    expect(result.fetched).toBe(10)
    expect(most).toBe(3)
  })

  it('stops at a quota error and says so in its status', async () => {
    const db = await library(5)
    const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' })
    const d = deps(db, {
      fetchDetail: vi.fn(async () => Promise.reject(new Error('Dexie', { cause: full }))),
      limit: () => 5,
    })
    const seen: boolean[] = []
    d.status.subscribe(() => seen.push(d.status.get().running))
    const result = await prefetchOnce(d, live())
    expect(result.stopped).toBe('quota')
    expect(d.fetchDetail).toHaveBeenCalledTimes(1)
    expect(d.status.get()).toEqual({ running: false, quotaExceeded: true })
    expect(seen).toEqual([true, false])

    // Still full: still reported (no new toast); once a run gets through, cleared.
    await prefetchOnce(d, live())
    expect(d.status.get().quotaExceeded).toBe(true)
    d.fetchDetail = deps(db).fetchDetail
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: null, fetched: 5 })
    expect(d.status.get().quotaExceeded).toBe(false)
  })

  it('stops when the server cannot be reached, without counting failures', async () => {
    const db = await library(5)
    const offline = new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Failed to load recording' })
    const d = deps(db, { fetchDetail: vi.fn(async () => Promise.reject(offline)) })
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: 'offline', failed: 0 })
    expect(d.fetchDetail).toHaveBeenCalledTimes(1)
  })

  it('stops when the session is gone (401)', async () => {
    const db = await library(5)
    const d = deps(db, {
      fetchDetail: vi.fn(async () =>
        Promise.reject(new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'no' })),
      ),
    })
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: 'signed-out' })
    expect(d.fetchDetail).toHaveBeenCalledTimes(1)
  })

  it('skips a recording the server refuses and goes on', async () => {
    const db = await library(3)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const base = deps(db)
    const d = deps(db, {
      fetchDetail: vi.fn(async (id: string, s: AbortSignal) => {
        if (id === 'r3') throw new ApiError({ status: 403, code: 'FORBIDDEN', message: 'no' })
        await base.fetchDetail(id, s)
      }),
    })
    expect(await prefetchOnce(d, live())).toMatchObject({ fetched: 2, failed: 1, stopped: null })
    warn.mockRestore()
  })

  it('stops when its signal aborts (sign-out): nothing more is fetched', async () => {
    const db = await library(5)
    const controller = new AbortController()
    const d = deps(db, { limit: () => 5 })
    const inner = d.fetchDetail
    d.fetchDetail = vi.fn(async (id: string, s: AbortSignal) => {
      await inner(id, s)
      controller.abort()
    })
    const result = await prefetchOnce(d, controller.signal)
    expect(result.stopped).toBe('aborted')
    expect(d.fetchDetail).toHaveBeenCalledTimes(1)
    expect(await prefetchOnce(d, controller.signal)).toMatchObject({ stopped: 'aborted', fetched: 0 })
  })

  it('runs under the cross-tab lock', async () => {
    const db = await library(1)
    const lock = vi.fn((_name: string, fn: () => Promise<unknown>) => fn()) as PrefetchDeps['lock']
    await prefetchOnce(deps(db, { lock }), live())
    expect(lock).toHaveBeenCalledWith('pocket-offline-prefetch', expect.any(Function))
  })
})

describe('createPrefetcher', () => {
  it('runs again with the last live signal when the budget changes, and not after sign-out', async () => {
    const db = await library(5)
    let limit = 2
    const d = deps(db, { limit: () => limit })
    const prefetcher = createPrefetcher(d, d.status)
    expect(await prefetcher.again()).toBeNull()
    const controller = new AbortController()
    await prefetcher.run(controller.signal)
    limit = 4
    expect(await prefetcher.again()).toMatchObject({ fetched: 2, skipped: 2 })
    controller.abort()
    expect(await prefetcher.again()).toBeNull()
  })
})
