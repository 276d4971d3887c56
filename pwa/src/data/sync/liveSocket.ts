import { backoffDelay, LIVE_BACKOFF } from './backoff'
import type { SessionLike } from './client'

/** An event of GET /api/v1/events: it names what changed, never the content (pull for that). */
export interface LiveEvent {
  type: string
  recordingId?: string
  folderId?: string
  seq?: number
  at?: string
}

/** Close codes of server/live/protocol.go. */
export const CLOSE_UNAUTHENTICATED = 4401
export const CLOSE_TOKEN_EXPIRED = 4402
export const CLOSE_TOO_SLOW = 4408
/** The user opened more sockets than the server allows one user, and this was their oldest. */
export const CLOSE_TOO_MANY = 4429

/** The part of WebSocket used here, so tests can drive a fake one. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: Event) => void) | null
  onmessage: ((ev: MessageEvent) => void) | null
  onclose: ((ev: CloseEvent) => void) | null
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

export interface LiveSocketOptions {
  url: string
  session: SessionLike
  onEvent: (event: LiveEvent) => void
  /** After every hello, first connection or reconnection: pull, since events may have been missed. */
  onConnected: () => void
  createSocket: (url: string) => SocketLike
  timers: Timers
  random: () => number
}

export interface LiveSocket {
  stop(): void
  /** Sends a refreshed ID token, so the server does not close the socket when the old one expires. */
  sendToken(token: string): void
}

const OPEN = 1

/** One event socket kept open: reconnects with backoff, refreshes the token when the server asks for it. */
export function openLiveSocket(o: LiveSocketOptions): LiveSocket {
  let socket: SocketLike | null = null
  let timer: unknown = null
  let attempt = 0
  let stopped = false

  const connect = () => {
    timer = null
    const token = o.session.getIdToken()
    // Without a token the server would only answer 4401: refresh first, as after one.
    if (!token) return void afterClose(CLOSE_UNAUTHENTICATED)
    const ws = o.createSocket(o.url)
    socket = ws
    // The token travels in the first message, never in the URL (no access logs, no history).
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: o.session.getIdToken() ?? token }))
    ws.onmessage = (ev) => receive(ev.data)
    ws.onclose = (ev) => {
      if (socket !== ws) return
      socket = null
      void afterClose(ev.code)
    }
  }

  const receive = (data: unknown) => {
    const msg = parse(data)
    if (!msg) return
    if (msg.type === 'hello') {
      attempt = 0 // a working connection: the next drop starts from a short wait again
      o.onConnected()
    } else o.onEvent(msg)
  }

  const afterClose = async (code: number) => {
    if (stopped) return
    // Replaced by the user's newer sockets: reconnecting would only close the
    // next oldest, and the devices would take turns closing each other. This
    // browser stays without live events (its pulls still run on start and
    // 'online') until the app is opened again.
    if (code === CLOSE_TOO_MANY) return
    if (code === CLOSE_UNAUTHENTICATED || code === CLOSE_TOKEN_EXPIRED) await o.session.refreshAfterUnauthorized()
    // 4408 (too slow) and network drops: reconnect; the hello's pull catches up.
    if (stopped) return
    timer = o.timers.setTimeout(connect, backoffDelay(attempt++, LIVE_BACKOFF, o.random))
  }

  connect()
  return {
    stop() {
      stopped = true
      if (timer !== null) o.timers.clearTimeout(timer)
      const ws = socket
      socket = null
      ws?.close(1000, 'bye')
    },
    sendToken(token) {
      if (socket?.readyState === OPEN) socket.send(JSON.stringify({ type: 'auth', token }))
    },
  }
}

function parse(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null
  try {
    const msg = JSON.parse(data) as unknown
    return msg && typeof msg === 'object' && typeof (msg as LiveEvent).type === 'string' ? (msg as LiveEvent) : null
  } catch {
    return null
  }
}
