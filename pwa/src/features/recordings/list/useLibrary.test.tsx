import { describe, expect, it } from 'vitest'
import type { ReactNode } from 'react'
import { renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { QueryClientProvider } from '@tanstack/react-query'
import { server } from '@/mocks/node'
import { createQueryClient } from '@/data/queryClient'
import { earlyFirstPage, earlyStartSettled, startEarly } from '@/data/earlyStart'
import type { Recording } from '@/data/types'
import { AuthContext, type AuthContextValue } from '@/features/auth/AuthContext'
import { alice } from '@/test/render'
import { useLibrary, useRows } from './useLibrary'

const early: Recording = { id: 'early-1', title: 'Read at start-up', recordingAt: '2026-02-01T10:00:00Z' }

function wrapperFor(user: AuthContextValue['user']) {
  const auth = { user, idToken: null, loading: false } as AuthContextValue
  const client = createQueryClient()
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  )
}

async function readEarly(owner: string) {
  startEarly([], () => Promise.resolve({ owner, rows: [early] }))
  await earlyStartSettled()
}

describe('useLibrary at a cold start', () => {
  // The server is out of reach: only the device answers.
  const offline = () => server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.error()))

  it('its first render shows the page read at start-up, then the live read takes over and the early page is dropped', async () => {
    offline()
    await readEarly(alice.uid)
    const { result } = renderHook(() => useLibrary(), { wrapper: wrapperFor(alice) })
    expect(result.current.rows?.map((r) => r.id)).toEqual(['early-1']) // no wait for IndexedDB
    // IndexedDB is empty here: once it has answered, the list shows what it holds.
    await waitFor(() => expect(result.current.rows).toEqual([]))
    expect(earlyFirstPage(alice.uid)).toBeUndefined()
  })

  it('never shows another account’s early page', async () => {
    offline()
    await readEarly('uid-bob')
    const { result } = renderHook(() => useLibrary(), { wrapper: wrapperFor(alice) })
    expect(result.current.rows).toBeUndefined()
  })
})

describe('useRows', () => {
  const first: Recording = { id: 'rec-a', title: 'Standup', recordingAt: '2026-02-01T10:00:00Z', duration: 90 }
  const second: Recording = { id: 'rec-b', title: 'Design review', recordingAt: '2026-02-02T10:00:00Z' }

  it('keeps the row of a recording read again unchanged, so its line is not redrawn, and replaces a changed one', () => {
    const { result, rerender } = renderHook(({ recordings }) => useRows(recordings), {
      initialProps: { recordings: [first, second] },
    })
    const [rowA, rowB] = result.current ?? []
    // A re-read (after a sync stored another part) brings equal recordings as new objects.
    rerender({ recordings: [{ ...first }, { ...second, title: 'Design review (final)' }] })
    expect(result.current?.[0]).toBe(rowA)
    expect(result.current?.[1]).not.toBe(rowB)
    expect(result.current?.[1]?.title).toBe('Design review (final)')
  })

  it('matches rows by recording, not by place: a recording arriving on top leaves the others as they were', () => {
    const { result, rerender } = renderHook(({ recordings }) => useRows(recordings), {
      initialProps: { recordings: [first] },
    })
    const rowA = result.current?.[0]
    rerender({ recordings: [{ ...second }, { ...first }] })
    expect(result.current?.map((r) => r.id)).toEqual(['rec-b', 'rec-a'])
    expect(result.current?.[1]).toBe(rowA)
  })
})
