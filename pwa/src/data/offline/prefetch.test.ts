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

interface Fake {
  id: string
  updatedAt: unknown
}

type FakeDeps = PrefetchDeps<Fake> & { order: string[]; batches: string[][] }

/** Fetches record their order; a batch stores its details in one bulkPut and is recorded. */
function deps(db: PocketDB, over: Partial<PrefetchDeps<Fake>> = {}): FakeDeps {
  const order: string[] = []
  const batches: string[][] = []
  return {
    db,
    order,
    batches,
    fetchRecording: vi.fn(async (id: string) => {
      order.push(id)
      return { id, updatedAt: (await db.recordings.get(id))?.data.updatedAt }
    }),
    storeBatch: vi.fn(async (fetched: Fake[]) => {
      batches.push(fetched.map((f) => f.id))
      await db.details.bulkPut(
        fetched.map(({ id, updatedAt }) => ({ id, fetchedAt: Date.now(), data: { recording: { id, updatedAt } } })),
      )
    }),
    limit: () => 3,
    lock: (_name, fn) => fn(),
    status: createStatusStore(),
    window: 1,
    ...over,
  }
}

const live = () => new AbortController().signal

describe('prefetchOnce', () => {
  it('fetches the newest recordings first, within the budget, and stores them together', async () => {
    const db = await library(5)
    const d = deps(db)
    const result = await prefetchOnce(d, live())
    expect(d.order).toEqual(['r5', 'r4', 'r3'])
    expect(d.batches).toEqual([['r5', 'r4', 'r3']])
    expect(result).toMatchObject({ fetched: 3, skipped: 0, stopped: null })
    expect(await countAvailable(db, 3)).toEqual({ available: 3, wanted: 3 })
  })

  it('stores a batch at a time, newest first, fetching the next while one is stored', async () => {
    const db = await library(7)
    let release = () => {}
    const d = deps(db, { limit: () => Number.POSITIVE_INFINITY, batchSize: 3 })
    const store = d.storeBatch
    d.storeBatch = vi.fn(async (fetched: Fake[]) => {
      // The first batch's store is held: the second batch is fetched meanwhile, not stored before it.
      if (d.batches.length === 0) await new Promise<void>((resolve) => (release = resolve))
      await store(fetched)
    })
    const run = prefetchOnce(d, live())
    await vi.waitFor(() => expect(d.order).toHaveLength(6))
    expect(d.batches).toEqual([])
    release()
    expect(await run).toMatchObject({ fetched: 7, stopped: null })
    expect(d.batches).toEqual([['r7', 'r6', 'r5'], ['r4', 'r3', 'r2'], ['r1']])
  })

  it('waits for foreground work (a pull, the screens reading it) before each batch', async () => {
    const db = await library(5)
    let release = () => {}
    const waits: string[] = []
    const d = deps(db, {
      limit: () => 5,
      batchSize: 2,
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
    for (const [i, fetched] of [2, 4, 5].entries()) {
      release()
      await vi.waitFor(() => expect(d.order).toHaveLength(fetched))
      // The next batch asks to wait before it starts.
      if (i < 2) await vi.waitFor(() => expect(waits).toHaveLength(i + 2))
    }
    expect(await run).toMatchObject({ fetched: 5 })
    expect(waits).toEqual(['wait after 0', 'wait after 2', 'wait after 4'])
  })

  it('after a reload mid-way, keeps what was stored and fetches only the rest', async () => {
    const db = await library(6)
    const reload = new AbortController()
    const d = deps(db, { limit: () => 6, batchSize: 2 })
    const store = d.storeBatch
    d.storeBatch = vi.fn(async (fetched: Fake[]) => {
      await store(fetched)
      // The page goes away once the second batch is stored.
      if (d.batches.length === 2) reload.abort()
    })
    expect(await prefetchOnce(d, reload.signal)).toMatchObject({ fetched: 4, stopped: 'aborted' })
    expect(await countAvailable(db, 6)).toEqual({ available: 4, wanted: 6 })

    const next = deps(db, { limit: () => 6, batchSize: 2 })
    expect(await prefetchOnce(next, live())).toMatchObject({ fetched: 2, skipped: 4, stopped: null })
    expect(next.order).toEqual(['r2', 'r1'])
    expect(await countAvailable(db, 6)).toEqual({ available: 6, wanted: 6 })
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

  it('keeps at most `window` fetches in flight, across batches', async () => {
    const db = await library(10)
    let inFlight = 0
    let most = 0
    const d = deps(db, {
      limit: () => Number.POSITIVE_INFINITY,
      window: 3,
      batchSize: 4,
      fetchRecording: async (id) => {
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 5))
        inFlight--
        return { id, updatedAt: day(Number(id.slice(1))) }
      },
    })
    const result = await prefetchOnce(d, live())
    expect(result.fetched).toBe(10)
    expect(most).toBe(3)
  })

  it('stops when storing hits a full disk, and says so in its status', async () => {
    const db = await library(5)
    const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' })
    const d = deps(db, { limit: () => 5, batchSize: 2 })
    const store = d.storeBatch
    d.storeBatch = vi.fn(async () => Promise.reject(new Error('Dexie', { cause: full })))
    const seen: boolean[] = []
    d.status.subscribe(() => seen.push(d.status.get().running))
    const result = await prefetchOnce(d, live())
    expect(result).toMatchObject({ stopped: 'quota', fetched: 0 })
    // What was fetched while the first batch was stored is dropped: no other batch is stored or begun.
    expect(d.storeBatch).toHaveBeenCalledTimes(1)
    expect(d.order).not.toContain('r1')
    expect(d.status.get()).toEqual({ running: false, quotaExceeded: true })
    expect(seen).toEqual([true, false])

    // Still full: still reported (no new toast); once a run gets through, cleared.
    await prefetchOnce(d, live())
    expect(d.status.get().quotaExceeded).toBe(true)
    d.storeBatch = store
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: null, fetched: 5 })
    expect(d.status.get().quotaExceeded).toBe(false)
  })

  it('stops when the server cannot be reached, without counting failures or storing', async () => {
    const db = await library(5)
    const offline = new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Failed to load recording' })
    const d = deps(db, { fetchRecording: vi.fn(async () => Promise.reject(offline)) })
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: 'offline', failed: 0 })
    expect(d.fetchRecording).toHaveBeenCalledTimes(1)
    expect(d.storeBatch).not.toHaveBeenCalled()
  })

  it('stops when the session is gone (401)', async () => {
    const db = await library(5)
    const d = deps(db, {
      fetchRecording: vi.fn(async () =>
        Promise.reject(new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: 'no' })),
      ),
    })
    expect(await prefetchOnce(d, live())).toMatchObject({ stopped: 'signed-out' })
    expect(d.fetchRecording).toHaveBeenCalledTimes(1)
  })

  it('skips a recording the server refuses and stores the rest of its batch', async () => {
    const db = await library(3)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const base = deps(db)
    const d = deps(db, {
      fetchRecording: vi.fn(async (id: string, s: AbortSignal) => {
        if (id === 'r3') throw new ApiError({ status: 403, code: 'FORBIDDEN', message: 'no' })
        return base.fetchRecording(id, s)
      }),
    })
    expect(await prefetchOnce(d, live())).toMatchObject({ fetched: 2, failed: 1, stopped: null })
    expect(d.batches).toEqual([['r2', 'r1']])
    warn.mockRestore()
  })

  it('stops when its signal aborts (sign-out): nothing more is fetched or stored', async () => {
    const db = await library(5)
    const controller = new AbortController()
    const d = deps(db, { limit: () => 5 })
    const inner = d.fetchRecording
    d.fetchRecording = vi.fn(async (id: string, s: AbortSignal) => {
      const fetched = await inner(id, s)
      controller.abort()
      return fetched
    })
    const result = await prefetchOnce(d, controller.signal)
    expect(result.stopped).toBe('aborted')
    expect(d.fetchRecording).toHaveBeenCalledTimes(1)
    expect(d.storeBatch).not.toHaveBeenCalled()
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
