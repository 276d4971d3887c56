import type { AuthUser } from './api/auth'
import { dropOfflineAudio } from './audio-offline'
import { db } from './db'
import { getSync } from './sync'
import { USER_DATA_KEY } from './userData'

/**
 * The signed-in profile, kept in IndexedDB so a reload with no network can
 * still show the user their cached library (the refresh call cannot succeed
 * offline). Cleared with the rest of the user's data on logout.
 */
const PROFILE_KEY = 'auth.profile'
/**
 * Whose data the tables hold. Outlives the profile (a lapsed session forgets
 * the profile but keeps the cache for the same user's next sign-in), so a
 * different account signing in is still caught.
 */
const OWNER_KEY = 'data.owner'

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
    const owner = (await db.meta.get(OWNER_KEY))?.value ?? (await loadProfile())?.uid
    const other = owner !== undefined && owner !== user.uid
    if (other) await db.clearUserData()
    await db.meta.bulkPut([
      { key: PROFILE_KEY, value: user },
      { key: OWNER_KEY, value: user.uid },
    ])
    return other
  })
  // Outside the transaction: Cache Storage is not IndexedDB.
  if (switched) await dropOfflineAudio().catch(() => {})
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
  await db.clearUserData()
  void dropOfflineAudio().catch((error: unknown) => console.warn('Could not forget the audio kept offline', error))
  void getSync()
    .whileIdle(() => db.clearUserData())
    .catch((error: unknown) => console.warn('Could not clear the device after sign-out', error))
}
