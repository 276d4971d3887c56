/**
 * Static markup of the screens a first visit paints before any script runs
 * (run at build time by pwa/vite/prerender.ts, never in the browser): the
 * login screen, served as login.html for /login, and the loading screen every
 * other route starts with, in index.html, and the shared page's frame the
 * server fills with a shared recording (shared-view.html). The real components render it, with
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

const notInStaticMarkup = () => Promise.reject(new Error('the pre-rendered page has no behaviour'))

const signedOut: AuthContextValue = {
  user: null,
  idToken: null,
  loading: false,
  loginWithCustomToken: notInStaticMarkup,
  loginWithGoogle: notInStaticMarkup,
  loginWithApple: notInStaticMarkup,
  logout: notInStaticMarkup,
}

const silent: Toaster = { success: () => {}, error: () => {}, info: () => {} }

function StaticProviders({ path, children }: { path: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={silent}>
        <AuthContext.Provider value={signedOut}>
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
