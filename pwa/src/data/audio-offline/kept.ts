import { OFFLINE_AUDIO_CACHE, offlineAudioPath, recordingOfAudioPath } from './keys'

// What is kept, apart from how it is kept (index.ts): making room on a full
// disk (offline/evictLru.ts) reads and removes it without loading the keeping.

/** Cache Storage, where the browser has it (not in every test environment). */
export const storage = (): CacheStorage | null => (typeof globalThis.caches === 'undefined' ? null : globalThis.caches)

/** The recordings whose audio is kept, the one listened to longest ago first. */
export async function keptAudioIds(): Promise<string[]> {
  const cs = storage()
  if (!cs) return []
  const keys = await (await cs.open(OFFLINE_AUDIO_CACHE)).keys()
  return keys.map((request) => recordingOfAudioPath(new URL(request.url).pathname))
}

/** Forgets the audio of these recordings (deleted), or all of it (sign-out). */
export async function dropOfflineAudio(recordingIds?: string[]): Promise<void> {
  const cs = storage()
  if (!cs) return
  if (!recordingIds) {
    await cs.delete(OFFLINE_AUDIO_CACHE)
    return
  }
  const cache = await cs.open(OFFLINE_AUDIO_CACHE)
  await Promise.all(recordingIds.map((id) => cache.delete(offlineAudioPath(id))))
}
