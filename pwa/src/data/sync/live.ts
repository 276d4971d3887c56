import { session as appSession } from '../session'
import type { SessionLike } from './client'
import { openLiveSocket, type LiveEvent, type LiveSocket, type SocketLike, type Timers } from './liveSocket'

export type { LiveEvent } from './liveSocket'

/** The lock and the channel share one name: one live socket per browser, for every tab. */
export const LIVE_NAME = 'pocket-live'

/** The part of navigator.locks used here. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(message: unknown): void
  close(): void
  onmessage: ((ev: MessageEvent) => void) | null
}

/** How a tab heard an event: from its own socket, or relayed by the tab that holds it. */
export interface Heard {
  relayed: boolean
}

export interface LiveOptions {
  /** Every tab gets each event once; only the socket's tab hears it first-hand. */
  onEvent: (event: LiveEvent, heard: Heard) => void
  onConnected?: () => void
  session?: SessionLike
  url?: string
  createSocket?: (url: string) => SocketLike
  /** null: no election (every tab opens its own socket). */
  locks?: LockManagerLike | null
  openChannel?: ((name: string) => ChannelLike) | null
  timers?: Timers
  random?: () => number
}

export interface LiveHandle {
  stop(): void
  sendFreshToken(token: string): void
  /** True while this tab holds the socket. */
  isLeader(): boolean
}

type Relayed = { type: 'event'; event: LiveEvent } | { type: 'connected' }

const running = new Set<LiveHandle>()

/**
 * Live events for this tab. One tab (the holder of the 'pocket-live' lock,
 * for as long as it lives) opens the socket and relays what it hears to the
 * other tabs; when it closes, the browser hands the lock to another tab,
 * which opens the socket in turn. Every tab, the leader too, gets each event
 * once. Without locks or BroadcastChannel every tab opens its own socket.
 */
export function startLive(o: LiveOptions): LiveHandle {
  const locks = o.locks === undefined ? (globalThis.navigator?.locks ?? null) : o.locks
  const openChannel = o.openChannel === undefined ? browserChannel() : o.openChannel
  const onConnected = o.onConnected ?? (() => {})
  const open = (onEvent: (e: LiveEvent) => void, connected: () => void): LiveSocket =>
    openLiveSocket({
      url: o.url ?? eventsUrl(),
      session: o.session ?? appSession,
      onEvent,
      onConnected: connected,
      createSocket: o.createSocket ?? ((url) => new WebSocket(url)),
      timers: o.timers ?? {
        setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
        clearTimeout: (id) => globalThis.clearTimeout(id as number),
      },
      random: o.random ?? Math.random,
    })

  let socket: LiveSocket | null = null
  let stopElection = () => {}
  const firstHand = (event: LiveEvent) => o.onEvent(event, { relayed: false })
  if (!locks || !openChannel) socket = open(firstHand, onConnected)
  else stopElection = elect(locks, openChannel(LIVE_NAME))

  function elect(lockManager: LockManagerLike, channel: ChannelLike): () => void {
    let release: (() => void) | null = null
    const abort = new AbortController()
    channel.onmessage = (ev) => {
      const msg = ev.data as Relayed
      if (socket) return // the leader heard it first-hand
      if (msg?.type === 'event') o.onEvent(msg.event, { relayed: true })
      else if (msg?.type === 'connected') onConnected()
    }
    const relay = (msg: Relayed) => channel.postMessage(msg)
    lockManager
      .request(LIVE_NAME, { signal: abort.signal }, () => {
        if (abort.signal.aborted) return Promise.resolve()
        socket = open(
          (event) => (firstHand(event), relay({ type: 'event', event })),
          () => (onConnected(), relay({ type: 'connected' })),
        )
        // Held until this tab stops (or closes: the browser then releases it).
        return new Promise<void>((resolve) => (release = resolve))
      })
      .catch(() => {}) // aborted while waiting: this tab stopped before it led
    return () => {
      abort.abort()
      release?.()
      channel.close()
    }
  }

  const handle: LiveHandle = {
    stop() {
      running.delete(handle)
      socket?.stop()
      socket = null
      stopElection()
    },
    sendFreshToken: (token) => socket?.sendToken(token),
    isLeader: () => socket !== null,
  }
  running.add(handle)
  return handle
}

/** For the auth provider after each token refresh: the open socket is not closed at the old token's expiry. */
export function sendFreshToken(token: string): void {
  for (const handle of running) handle.sendFreshToken(token)
}

function browserChannel(): ((name: string) => ChannelLike) | null {
  return typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : null
}

function eventsUrl(): string {
  const { protocol, host } = globalThis.location
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/v1/events`
}
