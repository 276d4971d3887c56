import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
// The DOM build of the provider: it can flush a navigation synchronously (tab switches ask for it).
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/Providers'
import { routes } from './app/routes'
import { startColdStart } from './app/coldStart'
import { startRestoreEarly } from './features/auth/restore'
import { reloadOnStaleChunk } from './app/reloadOnStaleChunk'
import { LaterUpdatePrompt } from './app/LaterUpdatePrompt'
import { releasePrerender } from './ui/prerenderHandoff'
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
if (!import.meta.env.DEV) startRestoreEarly()

const router = createBrowserRouter(routes)
// The static screen of login.html, of a server-filled shared page and of the
// list kept by the service worker (see ui/prerenderHandoff) stays until that
// page has drawn its own; anywhere else it goes as soon as the router leaves
// those pages or fails.
const DRAWS_OVER_PRERENDER = new Set(['/login', '/shared/recording', '/recordings'])
router.subscribe((state) => {
  if (!DRAWS_OVER_PRERENDER.has(state.location.pathname.replace(/\/+$/, '')) || state.errors) releasePrerender()
})

void startMocks().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        {import.meta.env.PROD && <LaterUpdatePrompt />}
      </Providers>
    </StrictMode>,
  )
})
