import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { Providers } from '@/app/Providers'
import { routes } from '@/app/routes'
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
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { ...view, router, queryClient }
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

