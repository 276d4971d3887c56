import { withRoom } from '../offline/room'
import { OFFLINE_AUDIO_CACHE, offlineAudioPath } from './keys'
import { storage } from './kept'

export { offlineAudioPath } from './keys'
export { dropOfflineAudio, keptAudioIds } from './kept'

/** The most recordings whose audio is kept; the one listened to longest ago goes first. */
export const MAX_OFFLINE_AUDIO = 20

/** A longer file is streamed only: a few of them would fill a phone. */
export const MAX_OFFLINE_AUDIO_BYTES = 100 * 1024 * 1024

/**
 * Whether the recording's audio can be played from the device: it was kept,
 * and a service worker controls the page to answer its path.
 */
export async function hasOfflineAudio(recordingId: string): Promise<boolean> {
  const cs = storage()
  if (!cs || !globalThis.navigator?.serviceWorker?.controller) return false
  const cache = await cs.open(OFFLINE_AUDIO_CACHE)
  return (await cache.match(offlineAudioPath(recordingId))) !== undefined
}

/**
 * Keeps a recording's audio on the device once it is listened to, read whole
 * from the link the player streams from. Kept audio of the recordings
 * listened to longest ago is dropped beyond MAX_OFFLINE_AUDIO. Failures only
 * mean the audio is not kept: listening goes on from the network.
 */
export async function keepAudioOffline(recordingId: string, url: string): Promise<boolean> {
  const cs = storage()
  if (!cs) return false
  try {
    const cache = await cs.open(OFFLINE_AUDIO_CACHE)
    const key = offlineAudioPath(recordingId)
    const kept = await cache.match(key)
    if (kept) {
      // Listened to again: moved to the end, the last to be dropped.
      await cache.delete(key)
      await cache.put(key, kept)
      return true
    }
    // A full disk gives back the space of what was used longest ago, then reads the file again.
    if (!(await withRoom(() => fetchInto(cache, key, url), { keep: [recordingId] }))) return false
    await trim(cache)
    return true
  } catch (error) {
    console.warn(`offline: could not keep the audio of recording ${recordingId}`, error)
    return false
  }
}

/** Reads the whole file into the cache; false when it is not one to keep. */
async function fetchInto(cache: Cache, key: string, url: string): Promise<boolean> {
  const res = await fetch(url)
  const size = Number(res.headers.get('Content-Length') ?? NaN)
  if (res.status !== 200 || !(size > 0) || size > MAX_OFFLINE_AUDIO_BYTES) {
    await res.body?.cancel()
    return false
  }
  // Stored under the stable path, with only what playback needs.
  const headers = {
    'Content-Type': res.headers.get('Content-Type') ?? 'application/octet-stream',
    'Content-Length': String(size),
  }
  await cache.put(key, new Response(res.body, { status: 200, headers }))
  return true
}

/** Cache keys keep insertion order: the first are the audio listened to longest ago. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_OFFLINE_AUDIO)).map((k) => cache.delete(k)))
}
