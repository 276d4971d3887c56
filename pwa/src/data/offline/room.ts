import type { RoomOptions } from './evictLru'
import { isQuotaError } from './status'

export type { RoomOptions } from './evictLru'

/**
 * Runs a write to the device; when the device's storage is full, removes
 * the recordings kept offline that were used longest ago (never the queued
 * edits, nor a recording they change) and tries the write again. The code
 * that does that loads only when a write hits the quota.
 */
export async function withRoom<T>(write: () => Promise<T>, options: RoomOptions = {}): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaError(error)) throw error
    const { makeRoomAndRetry } = await import('./evictLru')
    return makeRoomAndRetry(write, error, options)
  }
}
