import { dropOfflineAudio, keptAudioIds } from '../audio-offline/kept'
import type { PocketDB } from '../db'
import { deviceDb } from '../device/open'
import { waitingEntityIds } from '../sync/outboxReads'
import { baseKey } from '../sync/mutation'
import { tellEviction } from './evictionNotice'
import { isQuotaError } from './status'

/** What a write that needs room may give up, and what it must keep. */
export interface RoomOptions {
  /** Recordings this write is for: never removed to make room for it. */
  keep?: string[]
  /**
   * A write the app makes on its own (the offline library fetching in the
   * background) only replaces copies that were never opened and are of
   * older recordings than the one it writes: it never takes the place of
   * what the user opened, nor churns newer copies for older ones.
   */
  background?: boolean
  /** The database the write is to; the app's when left out. */
  db?: PocketDB
}

/**
 * The recordings kept offline (a detail, chat, audio) in the order a full
 * disk removes them: first the copies fetched in the background and never
 * opened here, oldest recording first; then the opened ones, the one opened
 * longest ago first. Never one with queued edits or a server copy kept
 * apart for them (the outbox and what it is laid over stay whole), nor the
 * ones the write is for. A background write only gets never-opened copies
 * of recordings older than its own.
 */
export async function evictionOrder(
  db: PocketDB,
  options: RoomOptions = {},
  audioIds: string[] = [],
): Promise<string[]> {
  const spared = await sparedIds(db, options.keep ?? [])
  const opened = await db.details.orderBy('openedAt').primaryKeys()
  const openedHere = new Set(opened)
  // Keys only: a detail's value holds its whole transcript.
  const held = await db.details.toCollection().primaryKeys()
  const neverOpened = [...new Set([...held, ...audioIds])].filter((id) => !openedHere.has(id) && !spared.has(id))
  const sortKeys = await sortKeysOf(db, neverOpened)
  // A copy with no row in the list (hidden, or gone from it) sorts first: '' is the oldest key.
  neverOpened.sort((a, b) => sortKeys.get(a)!.localeCompare(sortKeys.get(b)!))
  if (options.background) {
    const own = [...(await sortKeysOf(db, options.keep ?? [])).values()].filter(Boolean).sort()[0]
    return own === undefined ? [] : neverOpened.filter((id) => sortKeys.get(id)! < own)
  }
  return [...neverOpened, ...opened.filter((id) => !spared.has(id))]
}

async function sparedIds(db: PocketDB, keep: string[]): Promise<Set<string>> {
  const waiting = await waitingEntityIds(db)
  const kept = await db.syncBase.where('key').startsWith(baseKey('recording', '')).primaryKeys()
  const apart = kept.map((key) => key.slice(baseKey('recording', '').length))
  return new Set([...keep, ...waiting, ...apart])
}

async function sortKeysOf(db: PocketDB, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.recordings.bulkGet(ids)
  return new Map(ids.map((id, i) => [id, rows[i]?.sortKey ?? '']))
}

/**
 * Removes what the device keeps of these recordings for offline use (the
 * detail, its chat, its audio); the list rows stay. Ones an edit was queued
 * on meanwhile are left. Answers the ids removed.
 */
export async function removeKept(db: PocketDB, ids: string[]): Promise<string[]> {
  const tables = [db.details, db.chatSessions, db.chatMessages, db.outbox, db.syncBase]
  const removed = await db.transaction('rw', tables, async () => {
    const spared = await sparedIds(db, [])
    const gone = ids.filter((id) => !spared.has(id))
    const sessions = await db.chatSessions.where('recordingId').anyOf(gone).primaryKeys()
    await db.chatMessages.where('sessionId').anyOf(sessions).delete()
    await db.chatSessions.bulkDelete(sessions)
    await db.details.bulkDelete(gone)
    return gone
  })
  await dropOfflineAudio(removed)
  return removed
}

// One eviction at a time in a tab: writes that fail together do not each empty the library.
let queue: Promise<unknown> = Promise.resolve()

/**
 * After `write` failed on a full disk: removes the least recently used
 * recordings kept offline, 1, then 2, 4… at a time, trying the write again
 * after each, until it succeeds or nothing more may go (then the quota error
 * is thrown). Whatever was removed is told (evictionNotice), success or not.
 */
export function makeRoomAndRetry<T>(write: () => Promise<T>, error: unknown, options: RoomOptions): Promise<T> {
  const run = queue.then(() => retryWithRoom(write, error, options))
  queue = run.catch(() => undefined)
  return run
}

async function retryWithRoom<T>(write: () => Promise<T>, firstError: unknown, options: RoomOptions): Promise<T> {
  const db = options.db ?? (await deviceDb())
  const removed: string[] = []
  let error = firstError
  try {
    for (let batch = 1; ; batch *= 2) {
      const next = (await evictionOrder(db, options, await keptAudioIds())).slice(0, batch)
      if (next.length === 0) throw error
      removed.push(...(await removeKept(db, next)))
      try {
        return await write()
      } catch (again) {
        if (!isQuotaError(again)) throw again
        error = again
      }
    }
  } finally {
    if (removed.length > 0) tellEviction({ removed: removed.length })
  }
}
