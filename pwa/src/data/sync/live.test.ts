import { describe, expect, it } from 'vitest'
import type { SessionLike } from './client'
import { sendFreshToken, startLive, type ChannelLike, type LiveOptions, type LockManagerLike } from './live'
import type { LiveEvent, SocketLike, Timers } from './liveSocket'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: unknown[] = []
  closedWith: number | null = null
  onopen: SocketLike['onopen'] = null
  onmessage: SocketLike['onmessage'] = null
  onclose: SocketLike['onclose'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code?: number) {
    this.readyState = 3
    this.closedWith = code ?? 1005
  }
  /** The server side. */
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent)
  }
  drop(code: number) {
    this.readyState = 3
    this.onclose?.({ code } as CloseEvent)
  }
}

function manualTimers() {
  let next = 0
  const waiting = new Map<number, { fn: () => void; ms: number }>()
  const timers: Timers = {
    setTimeout: (fn, ms) => (waiting.set(++next, { fn, ms }), next),
    clearTimeout: (id) => void waiting.delete(id as number),
  }
  return {
    timers,
    delays: () => [...waiting.values()].map((w) => w.ms),
    fire() {
      const [id, w] = [...waiting.entries()][0]!
      waiting.delete(id)
      w.fn()
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function harness(extra: Partial<LiveOptions> = {}) {
  const sockets: FakeSocket[] = []
  const events: LiveEvent[] = []
  const relayed: boolean[] = []
  let connected = 0
  const clock = manualTimers()
  const session: SessionLike & { token: string } = {
    token: 't1',
    getIdToken: () => session.token,
    refreshAfterUnauthorized: async () => ((session.token = 't2'), true),
  }
  const options: LiveOptions = {
    onEvent: (e, heard) => (events.push(e), relayed.push(heard.relayed)),
    onConnected: () => connected++,
    session,
    url: 'ws://app.test/api/v1/events',
    createSocket: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
    locks: null,
    openChannel: null,
    timers: clock.timers,
    random: () => 0.999999,
    ...extra,
  }
  return {
    sockets,
    events,
    relayed,
    connected: () => connected,
    clock,
    session,
    options,
    last: () => sockets[sockets.length - 1]!,
  }
}

describe('live socket', () => {
  it('sends the token as its first message, then reports the hello and each event', () => {
    const h = harness()
    const live = startLive(h.options)
    h.last().open()
    expect(h.last().url).toBe('ws://app.test/api/v1/events')
    expect(h.last().sent).toEqual([{ type: 'auth', token: 't1' }])
    h.last().receive({ type: 'hello', protocol: 1 })
    h.last().receive({ type: 'recording.updated', recordingId: 'r1', seq: 7, at: '2026-03-01T10:00:00Z' })
    expect(h.connected()).toBe(1)
    expect(h.events).toEqual([{ type: 'recording.updated', recordingId: 'r1', seq: 7, at: '2026-03-01T10:00:00Z' }])
    live.stop()
    expect(h.sockets[0]!.closedWith).toBe(1000)
  })

  it('waits longer after each drop, at most 30 s, and starts short again after a hello', () => {
    const h = harness()
    const live = startLive(h.options)
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      h.last().drop(1006)
      waits.push(h.clock.delays()[0]!)
      h.clock.fire()
    }
    expect(waits).toEqual([499, 999, 1999, 3999, 7999, 15999, 29999, 29999])
    h.last().open()
    h.last().receive({ type: 'hello', protocol: 1 })
    h.last().drop(1006)
    expect(h.clock.delays()).toEqual([499])
    live.stop()
    expect(h.clock.delays()).toEqual([])
  })

  it('refreshes the token before reconnecting when the server says it expired', async () => {
    const h = harness()
    let finishRefresh = () => {}
    h.session.refreshAfterUnauthorized = () =>
      new Promise((resolve) => {
        finishRefresh = () => ((h.session.token = 't2'), resolve(true))
      })
    const live = startLive(h.options)
    h.last().open()
    h.last().drop(4402)
    await settle()
    expect(h.clock.delays()).toEqual([]) // no reconnect before the refresh
    finishRefresh()
    await settle()
    h.clock.fire()
    h.last().open()
    expect(h.sockets).toHaveLength(2)
    expect(h.last().sent).toEqual([{ type: 'auth', token: 't2' }])
    live.stop()
  })

  it('reconnects after being dropped as too slow, and the hello says to pull', async () => {
    const h = harness()
    const live = startLive(h.options)
    h.last().drop(4408)
    await settle()
    h.clock.fire()
    h.last().open()
    h.last().receive({ type: 'hello', protocol: 1 })
    expect(h.sockets).toHaveLength(2)
    expect(h.connected()).toBe(1)
    live.stop()
  })

  it('stays closed when the server closed it as the oldest of too many sockets of the user', async () => {
    const h = harness()
    const live = startLive(h.options)
    h.last().open()
    h.last().receive({ type: 'hello', protocol: 1 })
    h.last().drop(4429)
    await settle()
    expect(h.clock.delays()).toEqual([]) // no reconnect: it would only close another of the user's sockets
    expect(h.sockets).toHaveLength(1)
    live.stop()
  })

  it('passes a refreshed token to the open socket', () => {
    const h = harness()
    const live = startLive(h.options)
    h.last().open()
    sendFreshToken('t9')
    expect(h.last().sent).toEqual([
      { type: 'auth', token: 't1' },
      { type: 'auth', token: 't9' },
    ])
    live.stop()
    sendFreshToken('t10')
    expect(h.last().sent).toHaveLength(2)
  })
})

/** navigator.locks for tabs of one browser: one holder per name, the next waiter gets it on release. */
function fakeLocks(): LockManagerLike {
  const queue: Array<{ run: () => void; signal?: AbortSignal }> = []
  let held = false
  const pump = () => {
    if (held) return
    const next = queue.shift()
    if (next) next.run()
  }
  return {
    request: (_name, { signal }, callback) =>
      new Promise((resolve, reject) => {
        const waiter = {
          signal,
          run: () => {
            held = true
            void callback()
              .then(resolve, reject)
              .finally(() => ((held = false), pump()))
          },
        }
        signal?.addEventListener('abort', () => {
          const i = queue.indexOf(waiter)
          if (i < 0) return
          queue.splice(i, 1)
          reject(new DOMException('aborted', 'AbortError'))
        })
        queue.push(waiter)
        pump()
      }),
  }
}

/** BroadcastChannel between tabs: a message reaches every other channel of the name, not its sender. */
function fakeChannels(): (name: string) => ChannelLike {
  const open = new Set<ChannelLike>()
  return () => {
    const channel: ChannelLike = {
      onmessage: null,
      postMessage: (message) => {
        for (const other of open)
          if (other !== channel)
            queueMicrotask(() => other.onmessage?.({ data: structuredClone(message) } as MessageEvent))
      },
      close: () => void open.delete(channel),
    }
    open.add(channel)
    return channel
  }
}

describe('one live socket per browser', () => {
  it('opens one socket for two tabs, gives both every event, and the second tab takes over when the first closes', async () => {
    const locks = fakeLocks()
    const openChannel = fakeChannels()
    const a = harness({ locks, openChannel })
    const b = harness({ locks, openChannel, createSocket: a.options.createSocket })
    const tabA = startLive(a.options)
    const tabB = startLive(b.options)
    await settle()
    expect(a.sockets).toHaveLength(1)
    expect([tabA.isLeader(), tabB.isLeader()]).toEqual([true, false])

    a.last().open()
    a.last().receive({ type: 'hello', protocol: 1 })
    a.last().receive({ type: 'folder.updated', folderId: 'f1' })
    await settle()
    expect(a.events).toEqual([{ type: 'folder.updated', folderId: 'f1' }])
    expect(b.events).toEqual([{ type: 'folder.updated', folderId: 'f1' }])
    // Only the socket's tab pulls for an event: it alone heard it first-hand.
    expect([a.relayed, b.relayed]).toEqual([[false], [true]])
    expect([a.connected(), b.connected()]).toEqual([1, 1])

    tabA.stop()
    await settle()
    expect(a.sockets).toHaveLength(2)
    expect(a.sockets[0]!.closedWith).toBe(1000)
    expect(tabB.isLeader()).toBe(true)
    a.last().open()
    a.last().receive({ type: 'recording.deleted', recordingId: 'r1' })
    expect(b.events).toHaveLength(2)
    expect(a.events).toHaveLength(1) // the closed tab hears nothing more
    tabB.stop()
  })

  it('falls back to a socket per tab where the browser has no locks', async () => {
    const a = harness({ locks: null, openChannel: fakeChannels() })
    const tabA = startLive(a.options)
    const tabB = startLive(a.options)
    await settle()
    expect(a.sockets).toHaveLength(2)
    tabA.stop()
    tabB.stop()
  })
})
