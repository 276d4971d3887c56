import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/ui/FullPageSpinner'
import { NotFound } from './NotFound'
import { RedirectIfSignedIn, RequireAuth } from './guards'
import { preloadableLazy } from './preloadableLazy'

// Each screen is its own chunk: the login route does not download the
// signed-in app, and the other way round.
const LoginPage = lazy(() => import('@/features/auth/login/LoginPage'))
// The list's two chunks can be fetched at start-up, while the session is restored (coldStart.ts).
const appShell = preloadableLazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })))
const recordingsPage = preloadableLazy(() => import('@/features/recordings/RecordingsPage'))
const AppShell = appShell.Component
const RecordingsPage = recordingsPage.Component

/** Fetches the list screen's chunks ahead of its first render. */
export const preloadListScreen = (): Promise<unknown>[] => [appShell.preload(), recordingsPage.preload()]
const RecordingDetailPage = lazy(() => import('@/features/recordings/RecordingDetailPage'))
const LibraryAskPage = lazy(() => import('@/features/library-ask/LibraryAskPage'))
const SharedRecordingPage = lazy(() => import('@/features/share/SharedRecordingPage'))

const screen = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/recordings" replace /> },
  { path: '/login', element: <RedirectIfSignedIn>{screen(<LoginPage />)}</RedirectIfSignedIn> },
  { path: '/shared/recording', element: screen(<SharedRecordingPage />) },
  {
    element: <RequireAuth>{screen(<AppShell />)}</RequireAuth>,
    children: [
      { path: '/recordings', element: screen(<RecordingsPage />) },
      { path: '/recordings/:id', element: screen(<RecordingDetailPage />) },
      { path: '/ask', element: screen(<LibraryAskPage />) },
    ],
  },
  { path: '*', element: <NotFound /> },
]
