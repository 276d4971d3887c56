/**
 * Where audio kept for offline listening lives: one Cache Storage cache, one
 * entry per recording under a stable path. The signed links the player streams
 * from change every few hours, so they cannot be the cache's keys. The service
 * worker answers these paths from the cache (with range requests), and never
 * lets them reach the server. Shared by the app and the worker.
 */
export const OFFLINE_AUDIO_CACHE = 'pocket-audio'

const PREFIX = '/offline-audio/'

export const offlineAudioPath = (recordingId: string): string => PREFIX + encodeURIComponent(recordingId)

export const isOfflineAudioPath = (pathname: string): boolean => pathname.startsWith(PREFIX)

/** The recording a kept audio path is of (the inverse of offlineAudioPath). */
export const recordingOfAudioPath = (pathname: string): string => decodeURIComponent(pathname.slice(PREFIX.length))
