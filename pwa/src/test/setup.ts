import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { cleanup } from '@testing-library/react'
import { server } from '@/mocks/node'
import { mockAuth } from '@/mocks/mockAuthState'
import { mockPush } from '@/mocks/handlers/push'
import { db } from '@/data/db'
import { session } from '@/data/session'

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))

afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  server.resetHandlers()
  mockAuth.reset()
  mockPush.reset()
  session.setIdToken(null)
  session.setRefresher(null)
  localStorage.clear()
  await db.clearUserData()
})

afterAll(() => server.close())
