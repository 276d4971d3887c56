import { describe, expect, it, vi } from 'vitest'
import { BACKGROUND_SYNC_TAG, FLUSH_MESSAGE } from '../pwa/src/data/sync/workerMessages'
import { onBackgroundSync, type ClientsLike } from './backgroundSync'

function windows(count: number) {
  const open = Array.from({ length: count }, () => ({ postMessage: vi.fn() }))
  const clients: ClientsLike & { matchAll: ReturnType<typeof vi.fn> } = { matchAll: vi.fn(async () => open) }
  return { open, clients }
}

function syncEvent(tag: string) {
  let work: Promise<unknown> | null = null
  return { event: { tag, waitUntil: (p: Promise<unknown>) => void (work = p) }, done: () => work }
}

describe('service worker Background Sync', () => {
  it('tells every window of the app, controlled or not, to send its edits', async () => {
    const { open, clients } = windows(3)
    const { event, done } = syncEvent(BACKGROUND_SYNC_TAG)
    onBackgroundSync(event, clients)
    // The worker is kept alive until the windows are told.
    expect(done()).not.toBeNull()
    await done()
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true })
    for (const w of open) expect(w.postMessage).toHaveBeenCalledExactlyOnceWith({ type: FLUSH_MESSAGE })
  })

  it('the message is the one the app listens for', () => {
    expect(BACKGROUND_SYNC_TAG).toBe('pocket-outbox')
    expect(FLUSH_MESSAGE).toBe('flush-outbox')
  })

  it('ignores other sync tags', () => {
    const { open, clients } = windows(1)
    const { event, done } = syncEvent('something-else')
    onBackgroundSync(event, clients)
    expect(done()).toBeNull()
    expect(clients.matchAll).not.toHaveBeenCalled()
    expect(open[0]!.postMessage).not.toHaveBeenCalled()
  })

  it('with no window open there is no one to tell, and nothing fails', async () => {
    const { clients } = windows(0)
    const { event, done } = syncEvent(BACKGROUND_SYNC_TAG)
    onBackgroundSync(event, clients)
    await expect(done()).resolves.toBe(0)
  })
})
