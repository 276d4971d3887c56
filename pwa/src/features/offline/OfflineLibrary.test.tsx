import { describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { PocketDB } from '@/data/db'
import { createPrefetcher } from '@/data/offline'
import { tellEviction } from '@/data/offline/evictionNotice'
import { renderWithProviders } from '@/test/render'

// test/setup.ts leaves the prefetcher out of the app for every other test.
const { OfflineLibrary } = await vi.importActual<typeof import('./OfflineLibrary')>('./OfflineLibrary')

describe('OfflineLibrary', () => {
  it('starts the prefetcher after each pull with that sync’s signal, and toasts a full disk once', async () => {
    const db = new PocketDB(`offline-library-${Math.random()}`)
    const prefetcher = createPrefetcher({
      db,
      fetchRecording: async () => null,
      storeBatch: async () => {},
      limit: () => 0,
      lock: (_n, fn) => fn(),
    })
    const run = vi.spyOn(prefetcher, 'run')
    let hook: ((signal: AbortSignal) => void) | null = null
    const unregister = vi.fn()
    const onPull = vi.fn((h: (signal: AbortSignal) => void) => ((hook = h), unregister))
    const view = renderWithProviders(<OfflineLibrary prefetcher={prefetcher} onPull={onPull} />)
    const signal = new AbortController().signal
    act(() => hook!(signal))
    expect(run).toHaveBeenCalledWith(signal)

    act(() => prefetcher.status.set({ quotaExceeded: true }))
    expect(await screen.findByText('Storage is full: some recordings are not available offline.')).toBeInTheDocument()
    act(() => prefetcher.status.set({ running: true }))
    expect(screen.getAllByText('Storage is full: some recordings are not available offline.')).toHaveLength(1)

    view.unmount()
    expect(unregister).toHaveBeenCalled()
    await db.delete()
  })

  it('tells what a full disk made it remove, and asks for persistent storage once the app is installed', async () => {
    const prefetcher = createPrefetcher({
      db: new PocketDB('unused'),
      fetchRecording: async () => null,
      storeBatch: async () => {},
      limit: () => 0,
      lock: (_n, fn) => fn(),
    })
    const persistence = { read: vi.fn(async () => null), ask: vi.fn(async () => 'persistent' as const) }
    renderWithProviders(<OfflineLibrary prefetcher={prefetcher} onPull={() => () => {}} persistence={persistence} />)

    act(() => tellEviction({ removed: 3 }))
    expect(
      await screen.findByText('Storage was full: removed 3 recordings kept offline (least recently used first).'),
    ).toBeInTheDocument()
    act(() => tellEviction({ removed: 1 }))
    expect(
      await screen.findByText('Storage was full: removed 1 recording kept offline (least recently used first).'),
    ).toBeInTheDocument()

    expect(persistence.ask).not.toHaveBeenCalled()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(persistence.ask).toHaveBeenCalledTimes(1)
  })
})
