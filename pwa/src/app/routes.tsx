import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Redirect, Route, Switch } from 'wouter'
import { whenPageSettled } from '@/data/offline/settled'
import { FullPageSpinner } from '@/ui/FullPageSpinner'
import { NotFound } from './NotFound'
import { RedirectIfSignedIn, RequireAuth } from './guards'
import { preloadableLazy } from '@/ui/preloadableLazy'
import { SIGNED_IN_SCREENS } from './paths'

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
const recordingDetailPage = preloadableLazy(() => import('@/features/recordings/RecordingDetailPage'))
const libraryAskPage = preloadableLazy(() => import('@/features/library-ask/LibraryAskPage'))
const RecordingDetailPage = recordingDetailPage.Component
const LibraryAskPage = libraryAskPage.Component

/** Fetches a recording's screen's chunks ahead of its first render. */
export const preloadDetailScreen = (): Promise<unknown>[] => [appShell.preload(), recordingDetailPage.preload()]

/**
 * Fetches every signed-in screen's chunks once the first one has settled: a
 * navigation renders at once (the location is an external store, so it is
 * never a transition that keeps the old screen up while a chunk loads), and a
 * screen whose chunk is not here yet would show the spinner for a moment.
 */
function PreloadSignedInScreens(): null {
  useEffect(() => {
    void whenPageSettled().then(() =>
      Promise.allSettled([...preloadListScreen(), ...preloadDetailScreen(), libraryAskPage.preload()]),
    )
  }, [])
  return null
}
const SharedRecordingPage = lazy(() => import('@/features/share/SharedRecordingPage'))
// A clip's page is its own chunk: the shared recording's page does not grow with it.
const SharedClipPage = lazy(() => import('@/features/share/clip/SharedClipPage'))
// Its own chunk, fetched only when opened: no other route's JavaScript grows.
const DigestPage = lazy(() => import('@/features/digest/DigestPage'))
const TemplatesPage = lazy(() => import('@/features/templates/TemplatesPage'))
const HighlightsPage = lazy(() => import('@/features/highlights/HighlightsPage'))

const screen = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/recordings" replace />
      </Route>
      <Route path="/login">
        <RedirectIfSignedIn>{screen(<LoginPage />)}</RedirectIfSignedIn>
      </Route>
      <Route path="/shared/recording">{screen(<SharedRecordingPage />)}</Route>
      <Route path="/shared/clip">{screen(<SharedClipPage />)}</Route>
      {/* One route matches every signed-in screen, so the shell stays mounted (its drawer, sync
          status and sidebar keep their state) while the screen inside it changes. */}
      <Route path={SIGNED_IN_SCREENS}>
        <RequireAuth>
          <PreloadSignedInScreens />
          {screen(<AppShell>{signedInScreens}</AppShell>)}
        </RequireAuth>
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  )
}

const signedInScreens = (
  <Switch>
    <Route path="/recordings">{screen(<RecordingsPage />)}</Route>
    <Route path="/recordings/:id">{screen(<RecordingDetailPage />)}</Route>
    <Route path="/ask">{screen(<LibraryAskPage />)}</Route>
    <Route path="/digest">{screen(<DigestPage />)}</Route>
    <Route path="/templates">{screen(<TemplatesPage />)}</Route>
    <Route path="/highlights">{screen(<HighlightsPage />)}</Route>
  </Switch>
)
