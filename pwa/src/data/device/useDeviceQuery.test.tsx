import { Component, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, renderHook, screen, waitFor } from '@testing-library/react'
import { db } from '@/data/db'
import { useDeviceQuery } from './useDeviceQuery'

// The first screen to ask loads Dexie: `held` plays that moment (the module
// not loaded yet, its chunk on the way) whatever earlier tests loaded.
const loading = vi.hoisted(() => ({ held: false, fail: false, arrive: () => {} }))
vi.mock('./open', async (importOriginal) => {
  const real = await importOriginal<typeof import('./open')>()
  return {
    ...real,
    get loaded() {
      return loading.held ? undefined : real.loaded
    },
    loadDevice: () =>
      loading.held
        ? new Promise((resolve, reject) => {
            loading.arrive = () => (loading.fail ? reject(new Error('chunk gone')) : resolve(real.loadDevice()))
          })
        : real.loadDevice(),
  }
})

const row = (id: string, sortKey: string) => ({ id, sortKey, data: { id, title: id } })

afterEach(() => {
  loading.held = false
  loading.fail = false
})

describe('useDeviceQuery', () => {
  it('answers from the device, then follows every later write', async () => {
    const { result } = renderHook(() => useDeviceQuery((d) => d.recordings.count(), []))
    expect(result.current).toBeUndefined()
    await waitFor(() => expect(result.current).toBe(0))
    await db.recordings.put(row('r1', '2026-01-01'))
    await waitFor(() => expect(result.current).toBe(1))
    await db.recordings.delete('r1')
    await waitFor(() => expect(result.current).toBe(0))
  })

  it('gives the default until the first answer', async () => {
    await db.recordings.put(row('r1', '2026-01-01'))
    const { result } = renderHook(() => useDeviceQuery((d) => d.recordings.toArray(), [], 'waiting'))
    expect(result.current).toBe('waiting')
    await waitFor(() => expect(result.current).toEqual([row('r1', '2026-01-01')]))
  })

  it('keeps the last answer on screen while new deps are read, then shows theirs', async () => {
    await db.recordings.bulkPut([row('a', '2026-01-01'), row('b', '2026-01-02')])
    const { result, rerender } = renderHook(
      ({ id }) => useDeviceQuery(async (d) => (await d.recordings.get(id))?.id, [id]),
      {
        initialProps: { id: 'a' },
      },
    )
    await waitFor(() => expect(result.current).toBe('a'))
    rerender({ id: 'b' })
    expect(result.current).toBe('a')
    await waitFor(() => expect(result.current).toBe('b'))
  })

  it('stops reading once the screen is gone', async () => {
    const query = vi.fn((d: typeof db) => d.recordings.count())
    const { result, unmount } = renderHook(() => useDeviceQuery(query, []))
    await waitFor(() => expect(result.current).toBe(0))
    const reads = query.mock.calls.length
    unmount()
    await db.recordings.put(row('r1', '2026-01-01'))
    await db.recordings.count() // the write has been seen by any live read still open
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(query.mock.calls.length).toBe(reads)
  })

  it('reads once the device store has loaded, and not at all when the screen left before', async () => {
    loading.held = true
    const query = vi.fn((d: typeof db) => d.recordings.count())
    const first = renderHook(() => useDeviceQuery(query, []))
    first.unmount()
    loading.arrive()
    const second = renderHook(() => useDeviceQuery((d) => d.recordings.count(), []))
    loading.arrive()
    await waitFor(() => expect(second.result.current).toBe(0))
    await db.recordings.put(row('r1', '2026-01-01'))
    await waitFor(() => expect(second.result.current).toBe(1))
    expect(query).not.toHaveBeenCalled()
  })

  it('hands a failed load of the device store to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    loading.held = true
    loading.fail = true
    function Reader() {
      return <p>{String(useDeviceQuery((d) => d.recordings.count(), []))}</p>
    }
    render(
      <Boundary>
        <Reader />
      </Boundary>,
    )
    loading.arrive()
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk gone')
  })

  it('hands a failed read to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Reader() {
      const value = useDeviceQuery(async () => {
        throw new Error('disk gone')
      }, [])
      return <p>{String(value)}</p>
    }
    render(
      <Boundary>
        <Reader />
      </Boundary>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('disk gone')
  })
})

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children
  }
}
