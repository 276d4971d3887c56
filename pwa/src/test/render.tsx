import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { Providers } from '@/app/Providers'
import { AppRoutes } from '@/app/routes'
import { replacingSamePage } from '@/app/navigation'
import { createQueryClient } from '@/data/queryClient'
import type { AuthUser } from '@/data/api/auth'
import { adoptProfile } from '@/data/profile'
import { idTokenFor, mockAuth } from '@/mocks/mockAuthState'
// The app loads these lazily. Loaded here, they are warm before a test's
// first render, so its findBy waits measure the app, not cold module loads.
import '@/app/SignedInServices'
import '@/app/shell/AppShell'
import '@/features/recordings/RecordingsPage'

/** The whole app at `path`, with the real providers and routes. */
export function renderApp(path: string) {
  const memory = memoryLocation({ path, record: true })
  const router = new TestHistory(memory.history)
  const queryClient = createQueryClient()
  // The app's defaults (networkMode, the mutations' too), but a failed query is not tried again.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } })
  const view = render(
    <Providers queryClient={queryClient}>
      <Router hook={memory.hook} aroundNav={replacingSamePage(() => router.location.pathname + router.location.search)}>
        <AppRoutes />
      </Router>
    </Providers>,
  )
  return { ...view, router, queryClient }
}

/** Where the app under test has been: its entries, newest last (a replace overwrites the newest). */
export class TestHistory {
  constructor(readonly entries: string[]) {}

  get location(): { pathname: string; search: string } {
    const [pathname, search] = (this.entries[this.entries.length - 1] ?? '/').split('?')
    return { pathname: pathname ?? '/', search: search ? `?${search}` : '' }
  }
}

/** One component with the app's providers (query client, auth, toasts) around it, no router. */
export function renderWithProviders(ui: ReactElement) {
  return render(<Providers>{ui}</Providers>)
}

/** A live server-side session: the refresh cookie the real server would set. */
export async function signInOnServer(user: AuthUser, opts: { cacheProfile?: boolean } = {}) {
  mockAuth.setSession(user)
  if (opts.cacheProfile) await adoptProfile(user)
  return idTokenFor(user)
}

export const alice: AuthUser = { uid: 'uid-alice', email: 'alice@example.com', displayName: 'Alice', photoURL: null }
