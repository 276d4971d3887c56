import type { AuthUser } from './api/auth'
import { dropOfflineAudio } from './audio-offline'
import { DATA_OWNER_KEY, db } from './db'
import { getSync } from './sync'
import type { Recording } from './types'
import { USER_DATA_KEY } from './userData'

/**
 * The signed-in profile, kept in IndexedDB so a reload with no network can
 * still show the user their cached library (the refresh call cannot succeed
 * offline). Cleared with the rest of the user's data on logout.
 */
const PROFILE_KEY = 'auth.profile'

export async function loadProfile(): Promise<AuthUser | null> {
  const entry = await db.meta.get(PROFILE_KEY)
  return (entry?.value as AuthUser | undefined) ?? null
}

/**
 * Keeps the profile; if another account's data is on the device, it goes
 * first so one user never sees another's recordings.
 */
export async function adoptProfile(user: AuthUser): Promise<void> {
  const switched = await db.transaction('rw', db.tables, async () => {
    const owner = (await db.meta.get(DATA_OWNER_KEY))?.value ?? (await loadProfile())?.uid
    const other = owner !== undefined && owner !== user.uid
    if (other) await db.clearUserData()
    await db.meta.bulkPut([
      { key: PROFILE_KEY, value: user },
      { key: DATA_OWNER_KEY, value: user.uid },
    ])
    return other
  })
  // Outside the transaction: Cache Storage is not IndexedDB.
  if (switched)
    await Promise.all([
      dropOfflineAudio().catch(() => {}),
      forgetKeptScreens().catch(() => {}),
      import('./summaryVersions').then((m) => m.forgetKeptVersions()).catch(() => {}),
    ])
}

/** Cache Storage's kept list (data/kept-screen), loaded only when it is to be forgotten. */
async function forgetKeptScreens(): Promise<void> {
  await (await import('./kept-screen')).forgetKeptScreens()
}

/** The list's first page as the device holds it, and whose it is. */
export interface FirstListPage {
  /** The uid whose data the tables hold; undefined when the device does not say. */
  owner: string | undefined
  rows: Recording[]
}

/** The list's first page: DASHBOARD_PAGE_SIZE (recordings.ts, which this module does not load; a test holds them equal). */
export const FIRST_LIST_PAGE_ROWS = 20

/**
 * Read at start-up beside the session's restore (earlyStart.ts), from this
 * module because the restore loads it anyway: the owner comes from the same
 * snapshot, so the rows are shown only to the user they belong to. The same
 * rows as readCachedDashboard (recordings.ts).
 */
export function readFirstListPage(): Promise<FirstListPage> {
  return db.transaction('r', db.recordings, db.meta, async () => {
    const owner = (await db.meta.get(DATA_OWNER_KEY))?.value
    const rows = await db.recordings.orderBy('sortKey').reverse().limit(FIRST_LIST_PAGE_ROWS).toArray()
    return { owner: typeof owner === 'string' ? owner : undefined, rows: rows.map((r) => r.data) }
  })
}

export async function forgetProfile(): Promise<void> {
  await db.meta.delete(PROFILE_KEY)
}

/**
 * Logout: IndexedDB and local storage forget the user. A pull or send under
 * way may still land after the clear, so the database is cleared once more
 * when none is (in lock order, before a next user's first pull).
 */
export async function clearLocalUserData(): Promise<void> {
  try {
    localStorage.removeItem(USER_DATA_KEY)
  } catch {
    // storage unavailable: nothing was stored either
  }
  await Promise.all([
    db.clearUserData(),
    forgetKeptScreens().catch((error: unknown) => console.warn('Could not forget the kept list', error)),
  ])
  void dropOfflineAudio().catch((error: unknown) => console.warn('Could not forget the audio kept offline', error))
  void getSync()
    .whileIdle(() => db.clearUserData())
    .catch((error: unknown) => console.warn('Could not clear the device after sign-out', error))
}
