import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { server } from '@/mocks/node'
import { mockAuth } from '@/mocks/mockAuthState'
import { mockPush } from '@/mocks/handlers/push'
import { db } from '@/data/db'
import { onEviction } from '@/data/offline/evictionNotice'
import { session } from '@/data/session'
import { testWaitMs } from './waitMs'

// The offline prefetcher fetches the details of every listed recording in the
// background (and a 404 removes a row): screens' tests run without it, so its
// requests never race theirs. features/offline's tests mount the real one.
vi.mock('@/features/offline/OfflineLibrary', () => ({ OfflineLibrary: () => null }))

// findBy* and waitFor give up after 5 s rather than 1 s: screens draw device
// reads as transitions, which a loaded machine can hold past a second.
// `make test` runs these beside the browser suite at the lowest CPU priority
// and gives them longer (POCKET_TEST_WAIT_MS, tools/test.sh). A wait still
// ends as soon as its condition holds.
configure({ asyncUtilTimeout: testWaitMs() })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  // React Query learns of the network from window's online/offline events, once per module graph:
  // a test that went offline (and restored navigator.onLine, but sent no 'online') would leave every
  // later file's queries and mutations waiting for a network that never comes back.
  onlineManager.setOnline(true)
  // A removal no one heard of is kept for the first listener: a test's is not the next file's.
  onEviction(() => {})()
  server.resetHandlers()
  mockAuth.reset()
  mockPush.reset()
  session.setIdToken(null)
  session.setRefresher(null)
  localStorage.clear()
  await db.clearUserData()
})

afterAll(() => server.close())
