import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingKeys } from '../recordings'
import {
  afterSyncPull,
  registerBackgroundSync,
  startSync,
  stopSync,
  type StartSyncOptions,
  type WorkerContainer,
} from './engine'
import { FakeSyncServer } from './fakeSyncServer'
import type { LiveHandle, LiveOptions } from './live'
import type { Timers } from './liveSocket'
import { deviceRegistry } from './testKit'

const devices = deviceRegistry()
let stops: Array<() => void> = []
afterEach(async () => {
  stops.forEach((stop) => stop())
  stops = []
  await devices.closeAll()
})

function fakeWorker(register = vi.fn(async (_tag: string) => {})): WorkerContainer & { register: typeof register } {
  const target = new EventTarget() as WorkerContainer & { register: typeof register }
  target.getRegistration = async () => ({ sync: { register } }) as unknown as ServiceWorkerRegistration
  target.register = register
  return target
}

async function started(setup: (server: FakeSyncServer) => void = () => {}, online = true) {
  const server = new FakeSyncServer()
  server.putRecording('r1', { title: 'One' })
  setup(server)
  const d = devices.open(server)
  const queryClient = new QueryClient()
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  let live: LiveOptions | null = null
  const liveHandle: LiveHandle = { stop: vi.fn(), sendFreshToken: vi.fn(), isLeader: () => true }
  const timers: Array<{ fn: () => void; ms: number }> = []
  const fakeTimers: Timers = { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => {} }
  const window = new EventTarget()
  const serviceWorker = fakeWorker()
  const options: StartSyncOptions = {
    queryClient,
    sync: d.sync,
    live: (o) => ((live = o), liveHandle),
    events: window,
    serviceWorker,
    timers: fakeTimers,
    isOnline: () => online,
  }
  const stop = startSync(options)
  stops.push(stop)
  await vi.waitFor(() => expect(server.calls).toContain('pull'))
  return { server, d, invalidate, live: live!, liveHandle, timers, window, serviceWorker, stop }
}

const FIRST_HAND = { relayed: false }
const RELAYED = { relayed: true }

const row = async (
  db: { recordings: { get(id: string): Promise<{ data: { title?: unknown } } | undefined> } },
  id: string,
) => (await db.recordings.get(id))?.data.title

describe('startSync', () => {
  it('sends what was queued before it started, then pulls', async () => {
    const server = new FakeSyncServer()
    server.putRecording('r1', { title: 'One' })
    const d = devices.open(server)
    await d.sync.pullChanges()
    await d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Edited offline' } } })
    server.calls = []
    stops.push(
      startSync({
        queryClient: new QueryClient(),
        sync: d.sync,
        live: () => ({ stop() {}, sendFreshToken() {}, isLeader: () => true }),
        serviceWorker: null,
      }),
    )
    await vi.waitFor(() => expect(server.calls).toEqual(['push', 'pull']))
    expect(server.recordings.get('r1')!.item.title).toBe('Edited offline')
  })

  it('pulls on a live event and refreshes that recording’s detail and chat queries', async () => {
    const s = await started()
    s.server.putRecording('r1', { title: 'Renamed on the phone' })
    s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(async () => expect(await row(s.d.db, 'r1')).toBe('Renamed on the phone'))
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: recordingKeys.detail('r1') }, { cancelRefetch: false })
    s.live.onEvent({ type: 'chat.message', recordingId: 'r1' }, FIRST_HAND)
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: ['chat', 'recording', 'r1'] }, { cancelRefetch: false })
  })

  it('leaves pulling and sending to the tab that heard the event first-hand; a relayed event only refreshes what this tab fetched', async () => {
    const s = await started()
    await vi.waitFor(() => expect(s.server.calls.at(-1)).toBe('pull'))
    await s.d.sync.pullChanges()
    await s.d.sync.enqueue(
      { op: { case: 'updateRecording', value: { id: 'r1', title: 'Typed in another tab' } } },
      undefined,
      { holdMs: 60_000 },
    )
    s.server.calls = []
    s.server.putRecording('r1', { title: 'Renamed on the phone' })
    s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, RELAYED)
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: recordingKeys.detail('r1') }, { cancelRefetch: false })
    await new Promise((r) => setTimeout(r, 30))
    expect(s.server.calls).toEqual([])
    // The same event first-hand: one pull (the held edit stays held).
    s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(() => expect(s.server.calls).toEqual(['pull']))
  })

  it('restarts a detail fetch under way on a delete: an answer sent before it would show the recording', async () => {
    const s = await started()
    s.live.onEvent({ type: 'recording.deleted', recordingId: 'r1' }, FIRST_HAND)
    expect(s.invalidate).toHaveBeenCalledWith({ queryKey: recordingKeys.detail('r1') }, { cancelRefetch: true })
  })

  it('coalesces a burst of events into one pull in flight and one queued', async () => {
    const s = await started()
    await vi.waitFor(() => expect(s.server.calls.at(-1)).toBe('pull'))
    // The start's pull has ended (a slow machine may still be in it): the burst starts from idle.
    await s.d.sync.pullChanges()
    const before = s.server.pulls
    for (let i = 0; i < 10; i++) s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(() => expect(s.server.pulls - before).toBe(2))
    await new Promise((r) => setTimeout(r, 20))
    expect(s.server.pulls - before).toBe(2)
  })

  it('stopSync (sign-out) stops it: the socket closes and a queued edit is no longer sent', async () => {
    const s = await started()
    stopSync()
    expect(s.liveHandle.stop).toHaveBeenCalledTimes(1)
    const pushes = s.server.calls.filter((c) => c === 'push').length
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'After sign-out' } } })
    await new Promise((r) => setTimeout(r, 20))
    expect(s.server.calls.filter((c) => c === 'push').length).toBe(pushes)
    s.stop()
    expect(s.liveHandle.stop).toHaveBeenCalledTimes(1)
  })

  it('calls the after-pull hooks after the first pull and after pulls that changed something, with a signal sign-out aborts', async () => {
    const hook = vi.fn((_signal: AbortSignal) => {})
    const unregister = afterSyncPull(hook)
    try {
      const s = await started()
      await vi.waitFor(() => expect(hook).toHaveBeenCalledTimes(1))
      s.live.onConnected!() // nothing new: no call
      await vi.waitFor(() => expect(s.server.pulls).toBeGreaterThan(1))
      await new Promise((r) => setTimeout(r, 20))
      expect(hook).toHaveBeenCalledTimes(1)
      s.server.putRecording('r2', { title: 'Two' })
      s.live.onEvent({ type: 'recording.created', recordingId: 'r2' }, FIRST_HAND)
      await vi.waitFor(() => expect(hook).toHaveBeenCalledTimes(2))
      const signal = hook.mock.calls[0]![0]
      expect(signal.aborted).toBe(false)
      stopSync()
      expect(signal.aborted).toBe(true)
    } finally {
      unregister()
    }
  })

  it('pulls after every (re)connection', async () => {
    const s = await started()
    const before = s.server.pulls
    s.live.onConnected!()
    await vi.waitFor(() => expect(s.server.pulls).toBe(before + 1))
  })

  it('sends a backed-off edit as soon as the live socket (re)connects: the server is back', async () => {
    const s = await started()
    s.server.unavailable = 1
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Two' } } })
    await vi.waitFor(async () => expect((await s.d.sync.listOutbox())[0]?.attempts).toBe(1))
    s.live.onConnected!()
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(1))
  })

  it('pulls again on its own after a pull found no server: a change heard meanwhile still arrives', async () => {
    const s = await started()
    await s.d.sync.pullChanges()
    s.server.putRecording('r1', { title: 'Renamed while the reply was cut' })
    s.server.unavailable = 1
    s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(() => expect(s.timers).toHaveLength(1))
    expect(await row(s.d.db, 'r1')).toBe('One')
    s.timers[0]!.fn()
    await vi.waitFor(async () => expect(await row(s.d.db, 'r1')).toBe('Renamed while the reply was cut'))
  })

  it('waits longer after each pull that finds no server, and not at all offline (the network’s return pulls)', async () => {
    const s = await started()
    await s.d.sync.pullChanges()
    s.server.unavailable = 2
    s.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(() => expect(s.timers).toHaveLength(1))
    s.timers[0]!.fn()
    await vi.waitFor(() => expect(s.timers).toHaveLength(2))
    expect(s.timers.map((t) => t.ms)).toEqual([500, 1000]) // up to 1 s, then 2 s; jitter 0.5 in tests

    const offline = await started(() => {}, false)
    await offline.d.sync.pullChanges()
    offline.server.unavailable = 1
    offline.live.onEvent({ type: 'recording.updated', recordingId: 'r1' }, FIRST_HAND)
    await vi.waitFor(() => expect(offline.server.unavailable).toBe(0))
    await new Promise((r) => setTimeout(r, 20))
    expect(offline.timers).toEqual([])
  })

  it('sends edits backed off for minutes as soon as a pull is answered again: the server is back', async () => {
    const s = await started()
    await s.d.sync.enqueue({
      op: { case: 'updateRecording', value: { id: 'r1', title: 'Made while replies were cut' } },
    })
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(1))
    // Reconnections while replies were cut sent it again and again: its next try is minutes away.
    s.server.unavailable = 1
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Still waiting' } } })
    await vi.waitFor(async () => expect((await s.d.sync.listOutbox())[0]?.attempts).toBe(1))
    await s.d.db.outbox.toCollection().modify({ attempts: 8, nextAttemptAt: s.d.clock.now + 120_000 })
    for (const timer of s.timers.splice(0)) timer.fn()
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(2))
    expect(s.server.recordings.get('r1')!.item.title).toBe('Still waiting')
  })

  it('sends a new edit at once, and a backed-off one when its time comes', async () => {
    let transient = 1
    const s = await started((server) => (server.verdict = () => (transient-- > 0 ? 'retry' : undefined)))
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Two' } } })
    await vi.waitFor(() => expect(s.timers).toHaveLength(1))
    expect(s.timers[0]!.ms).toBe(500)
    expect(s.server.applied).toEqual([])
    s.d.clock.now += 500
    s.timers[0]!.fn()
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(1))
  })

  it('flushes when the network returns or the service worker asks, without waiting for the backoff', async () => {
    const s = await started()
    s.server.unavailable = 1
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Two' } } })
    await vi.waitFor(async () => expect((await s.d.sync.listOutbox())[0]?.attempts).toBe(1))
    s.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'flush-outbox' } }))
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(1))

    s.server.unavailable = 1
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Three' } } })
    await vi.waitFor(async () => expect((await s.d.sync.listOutbox())[0]?.attempts).toBe(1))
    s.window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(s.server.applied).toHaveLength(2))
  })

  it('asks for Background Sync when an edit is queued offline', async () => {
    const s = await started(() => {}, false)
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Offline' } } })
    await vi.waitFor(() => expect(s.serviceWorker.register).toHaveBeenCalledWith('pocket-outbox'))
    expect(s.server.applied).toEqual([])
  })

  it('stops listening when stopped', async () => {
    const s = await started()
    s.stop()
    expect(s.liveHandle.stop).toHaveBeenCalled()
    const before = s.server.calls.length
    s.window.dispatchEvent(new Event('online'))
    await s.d.sync.enqueue({ op: { case: 'updateRecording', value: { id: 'r1', title: 'Later' } } })
    await new Promise((r) => setTimeout(r, 20))
    expect(s.server.calls).toHaveLength(before)
  })
})

describe('registerBackgroundSync', () => {
  it('is false, never a failure, where Background Sync is missing or refuses', async () => {
    const none = new EventTarget() as WorkerContainer
    none.getRegistration = async () => undefined
    expect(await registerBackgroundSync(none)).toBe(false)
    expect(await registerBackgroundSync(null)).toBe(false)
    const refusing = fakeWorker(vi.fn(async () => Promise.reject(new Error('denied'))))
    expect(await registerBackgroundSync(refusing)).toBe(false)
    expect(await registerBackgroundSync(fakeWorker())).toBe(true)
  })
})
