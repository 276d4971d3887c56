import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { onEviction, type Eviction } from '../offline/evictionNotice'
import {
  dropOfflineAudio,
  hasOfflineAudio,
  keepAudioOffline,
  MAX_OFFLINE_AUDIO,
  MAX_OFFLINE_AUDIO_BYTES,
  offlineAudioPath,
} from './index'

/** Cache Storage as the browser keeps it: entries in insertion order, one cache per name. */
class FakeCache {
  entries = new Map<string, Response>()
  private key = (r: RequestInfo | URL) =>
    typeof r === 'string' ? r : r instanceof URL ? r.pathname : new URL(r.url).pathname
  async match(r: RequestInfo | URL) {
    return this.entries.get(this.key(r))?.clone()
  }
  async put(r: RequestInfo | URL, res: Response) {
    const body = await res.arrayBuffer()
    this.entries.set(this.key(r), new Response(body, { status: res.status, headers: res.headers }))
  }
  async delete(r: RequestInfo | URL) {
    return this.entries.delete(this.key(r))
  }
  async keys() {
    return [...this.entries.keys()].map((k) => new Request(new URL(k, 'http://pocket.test')))
  }
}

let cache: FakeCache
const fetches: string[] = []

function sound(bytes: number, type = 'audio/ogg') {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Length': String(bytes) },
  })
}

beforeEach(() => {
  cache = new FakeCache()
  fetches.length = 0
  vi.stubGlobal('caches', { open: async () => cache, delete: async () => ((cache = new FakeCache()), true) })
  vi.stubGlobal('fetch', async (url: string) => (fetches.push(url), sound(1000)))
  Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

const keptIds = () => [...cache.entries.keys()].map((k) => decodeURIComponent(k.replace('/offline-audio/', '')))

describe('audio kept for offline listening', () => {
  it('is kept under a stable path whatever link it came from, and found there', async () => {
    expect(await hasOfflineAudio('r 1')).toBe(false)
    expect(await keepAudioOffline('r 1', '/api/v1/recordings/r%201/audio?sig=a')).toBe(true)
    expect(await keepAudioOffline('r 1', '/api/v1/recordings/r%201/audio?sig=b')).toBe(true)
    expect(fetches).toEqual(['/api/v1/recordings/r%201/audio?sig=a']) // read once
    expect(await hasOfflineAudio('r 1')).toBe(true)
    const res = await cache.match(offlineAudioPath('r 1'))
    expect(res?.headers.get('Content-Type')).toBe('audio/ogg')
    expect((await res!.arrayBuffer()).byteLength).toBe(1000)
  })

  it('is not offered without a service worker to answer its path', async () => {
    await keepAudioOffline('r1', '/a')
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: null }, configurable: true })
    expect(await hasOfflineAudio('r1')).toBe(false)
  })

  it('keeps the most recently listened to, dropping the one listened to longest ago', async () => {
    for (let i = 0; i < MAX_OFFLINE_AUDIO; i++) await keepAudioOffline(`r${i}`, `/a${i}`)
    await keepAudioOffline('r0', '/again') // listened to again: now the newest
    await keepAudioOffline('new', '/new')
    const kept = keptIds()
    expect(kept).toHaveLength(MAX_OFFLINE_AUDIO)
    expect(kept).not.toContain('r1')
    expect(kept.slice(-2)).toEqual(['r0', 'new'])
  })

  it('streams only: nothing kept for a failed read, a partial answer or a very long file', async () => {
    const answers = [
      new Response('gone', { status: 404 }),
      new Response('x', { status: 206, headers: { 'Content-Length': '1' } }),
      sound(MAX_OFFLINE_AUDIO_BYTES + 1),
    ]
    vi.stubGlobal('fetch', async () => answers.shift()!)
    for (const id of ['a', 'b', 'c']) expect(await keepAudioOffline(id, '/x')).toBe(false)
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await keepAudioOffline('d', '/x')).toBe(false)
    expect(keptIds()).toEqual([])
  })

  it('on a full disk, the audio listened to longest ago makes room and the file is read again; the user is told', async () => {
    const told: Eviction[] = []
    const stop = onEviction((e) => told.push(e))
    for (const id of ['a', 'b']) await keepAudioOffline(id, `/${id}`)
    const put = cache.put.bind(cache)
    vi.spyOn(cache, 'put').mockImplementationOnce(async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    vi.spyOn(cache, 'put').mockImplementation(put)
    expect(await keepAudioOffline('c', '/c')).toBe(true)
    stop()
    expect(keptIds()).toEqual(['b', 'c'])
    expect(fetches).toEqual(['/a', '/b', '/c', '/c'])
    expect(told).toEqual([{ removed: 1 }])
  })

  it('is forgotten for deleted recordings, and all of it at sign-out', async () => {
    for (const id of ['a', 'b', 'c']) await keepAudioOffline(id, `/${id}`)
    await dropOfflineAudio(['b'])
    expect(keptIds()).toEqual(['a', 'c'])
    await dropOfflineAudio()
    expect(keptIds()).toEqual([])
  })
})
