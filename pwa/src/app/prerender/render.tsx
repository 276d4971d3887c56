/**
 * Static markup of the screens a first visit paints before any script runs
 * (run at build time by pwa/vite/prerender.ts, never in the browser): the
 * login screen, served as login.html for /login, and the loading screen every
 * other route starts with, in index.html, and the frames the server fills
 * with a recording: the shared page's (shared-view.html) and the signed-in
 * shell's (recording-view.html), and the list's frame the server fills with
 * its first rows (recordings-view.html). The real components render it, with
 * inert stand-ins for auth and toasts, so the HTML is what React draws next.
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import LoginPage from '@/features/auth/login/LoginPage'
import { AuthContext, type AuthContextValue } from '@/features/auth/AuthContext'
import { ToastContext, type Toaster } from '@/ui/toast/toastContext'
import { FullPageSpinner } from '@/ui/FullPageSpinner'
import { SharedFrame } from '@/features/share/SharedFrame'
import { AppShell } from '@/app/shell/AppShell'
import { RecordingsFrame } from '@/features/recordings/RecordingsFrame'
import { NO_FILTERS } from '@/data/listFilters'

const notInStaticMarkup = () => Promise.reject(new Error('the pre-rendered page has no behaviour'))

const signedOut: AuthContextValue = {
  user: null,
  idToken: null,
  loading: false,
  loginWithCustomToken: notInStaticMarkup,
  loginWithGoogle: notInStaticMarkup,
  loginWithApple: notInStaticMarkup,
  logout: notInStaticMarkup,
  logoutEverywhere: notInStaticMarkup,
}

/**
 * The signed-in shell's stand-in: no name (the frame is the same for
 * everyone, and the copy hides its user menu, app.css), no token (nothing
 * in the frame asks the server anything).
 */
const someone: AuthContextValue = { ...signedOut, user: { uid: '', email: null, displayName: null, photoURL: null } }

const silent: Toaster = { success: () => {}, error: () => {}, info: () => {} }

function StaticProviders({
  path,
  auth = signedOut,
  children,
}: {
  path: string
  auth?: AuthContextValue
  children: ReactNode
}) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={silent}>
        <AuthContext.Provider value={auth}>
          <Router ssrPath={path}>{children}</Router>
        </AuthContext.Provider>
      </ToastContext.Provider>
    </QueryClientProvider>
  )
}

export function renderLoginScreen(): string {
  return renderToStaticMarkup(
    <StaticProviders path="/login">
      <LoginPage />
    </StaticProviders>,
  )
}

export function renderLoadingScreen(): string {
  return renderToStaticMarkup(<FullPageSpinner />)
}

/** The shared page's frame with `slot` as its content, where the server puts the recording. */
export function renderSharedFrame(slot: string): string {
  return renderToStaticMarkup(<SharedFrame>{slot}</SharedFrame>)
}

/** The signed-in shell on a recording's page with `slot` as its main column's content, where the server puts the recording. */
export function renderRecordingFrame(slot: string): string {
  return renderToStaticMarkup(
    <StaticProviders path="/recordings/recording" auth={someone}>
      <AppShell>{slot}</AppShell>
    </StaticProviders>,
  )
}

/** The signed-in shell on the list with `slot` where its rows go, which the server puts there. */
export function renderListFrame(slot: string): string {
  const nothing = () => {}
  return renderToStaticMarkup(
    <StaticProviders path="/recordings" auth={someone}>
      <AppShell>
        <RecordingsFrame query="" onSubmit={nothing} onClear={nothing} filters={NO_FILTERS} onFiltersChange={nothing}>
          {slot}
        </RecordingsFrame>
      </AppShell>
    </StaticProviders>,
  )
}
