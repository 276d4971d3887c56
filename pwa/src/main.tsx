import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
// The DOM build of the provider: it can flush a navigation synchronously (tab switches ask for it).
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/Providers'
import { routes } from './app/routes'
import { reloadOnStaleChunk } from './app/reloadOnStaleChunk'
import { UpdatePrompt } from './app/UpdatePrompt'
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

const router = createBrowserRouter(routes)
// login.html's static login screen (see ui/prerenderHandoff) stays until the login
// page replaces it; anywhere else it goes as soon as the router leaves /login or fails.
router.subscribe((state) => {
  if (state.location.pathname !== '/login' || state.errors) releasePrerender()
})

void startMocks().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        {import.meta.env.PROD && <UpdatePrompt />}
      </Providers>
    </StrictMode>,
  )
})
