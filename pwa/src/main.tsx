import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { Providers } from './app/Providers'
import { AppRoutes } from './app/routes'
import { AppErrorBoundary } from './app/AppErrorBoundary'
import { PrerenderRelease } from './app/PrerenderRelease'
import { browserPath, replacingSamePage } from './app/navigation'
import { firstRequests, startColdStart } from './app/coldStart'
import { startRestoreEarly } from './features/auth/restore'
import { reloadOnStaleChunk } from './app/reloadOnStaleChunk'
import { LaterUpdatePrompt } from './app/LaterUpdatePrompt'
import './ui/styles.css'
import './app/app.css'

/** `npm run dev` has no backend: MSW answers the API unless VITE_MSW=off. */
async function startMocks(): Promise<void> {
  if (!import.meta.env.DEV || import.meta.env.VITE_MSW === 'off') return
  const { worker } = await import('./mocks/browser')
  await worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } })
}

reloadOnStaleChunk()
// Before the first render: the list's chunks and data load while the session is restored.
startColdStart()
// In development the mock API starts first: the refresh call must reach it.
if (!import.meta.env.DEV) startRestoreEarly(firstRequests())

// The first render is a transition, so React draws the app in slices that
// leave the main thread free between them (a page painted from its HTML is
// already on screen; nothing waits for one long task).
void startMocks().then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppErrorBoundary>
            <Router aroundNav={replacingSamePage(browserPath)}>
              <PrerenderRelease />
              <AppRoutes />
            </Router>
          </AppErrorBoundary>
          {import.meta.env.PROD && <LaterUpdatePrompt />}
        </Providers>
      </StrictMode>,
    ),
  )
})
