/** Test support: a device (its own IndexedDB database) syncing with a FakeSyncServer. */
import { PocketDB } from '../db'
import type { SessionLike } from './client'
import type { SyncDeps } from './deps'
import { syncClient } from './client'
import type { FakeSyncServer } from './fakeSyncServer'
import { createSync, type Sync } from './index'

export interface TestSession extends SessionLike {
  token: string | null
  /** What a refresh gets (null: the refresh fails). */
  refreshTo: string | null
  refreshes: number
}

export function testSession(token: string | null = 'token-1'): TestSession {
  const s: TestSession = {
    token,
    refreshTo: null,
    refreshes: 0,
    getIdToken: () => s.token,
    refreshAfterUnauthorized: async () => {
      s.refreshes++
      if (s.refreshTo === null) return false
      s.token = s.refreshTo
      return true
    },
  }
  return s
}

let databases = 0
let keys = 0

/** A fresh database name per test: no test sees another's rows. */
export function newDbName(): string {
  return `pocket-sync-test-${++databases}`
}

export interface Device {
  db: PocketDB
  sync: Sync
  session: TestSession
  clock: { now: number }
}

/** A device: open the same name again to "reload" it. */
export function device(server: FakeSyncServer, name = newDbName(), overrides: Partial<SyncDeps> = {}): Device {
  const db = new PocketDB(name)
  const session = testSession(server.token)
  const clock = { now: Date.parse('2026-03-02T08:00:00Z') }
  const deps: SyncDeps = {
    db,
    client: syncClient(server.transport(session)),
    session,
    now: () => clock.now,
    random: () => 0.5,
    uuid: () => `key-${++keys}`,
    lock: (_name, fn) => fn(),
    ...overrides,
  }
  return { db, sync: createSync(deps), session, clock }
}

/** Devices opened by a test file, closed (their databases deleted) after each test. */
export function deviceRegistry() {
  const opened: Device[] = []
  return {
    open(...args: Parameters<typeof device>): Device {
      const d = device(...args)
      opened.push(d)
      return d
    },
    async closeAll(): Promise<void> {
      // The app's own database ('pocket') is left to the test setup, which clears it.
      for (const d of opened.splice(0)) await (d.db.name === 'pocket' ? d.db.close() : d.db.delete())
    },
  }
}

/** Named locks like navigator.locks (one holder per name, the rest wait in order), for one test's devices. */
export function memoryLock(): SyncDeps['lock'] {
  const tails = new Map<string, Promise<unknown>>()
  return <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const run = (tails.get(name) ?? Promise.resolve()).then(fn, fn)
    tails.set(
      name,
      run.catch(() => {}),
    )
    return run
  }
}
