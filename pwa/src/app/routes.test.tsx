import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse, delay } from 'msw'
import { server } from '@/mocks/node'
import { fixtureFiles } from '@/mocks/fixtures'
import { setSessionMarker } from '@/mocks/mockAuthState'
import { alice, renderApp, signInOnServer } from '@/test/render'

describe('routes and guard (spec §2)', () => {
  it('/ redirects to /recordings', async () => {
    await signInOnServer(alice)
    const { router } = renderApp('/')
    await waitFor(() => expect(router.location.pathname).toBe('/recordings'))
    expect(await screen.findByRole('heading', { name: 'Recordings' })).toBeInTheDocument()
  })

  it('any other path shows the 404 page with its two texts', async () => {
    renderApp('/nope/deeper?x=1')
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument()
  })

  it('shows the full-page spinner with the logo while auth loads', async () => {
    setSessionMarker(true)
    server.use(
      http.post('/api/v1/auth/refresh', async () => {
        await delay(200)
        return HttpResponse.json({ success: false }, { status: 401 })
      }),
    )
    renderApp('/recordings')
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(screen.getByRole('status').querySelector('svg')).not.toBeNull()
    await screen.findByRole('heading', { name: 'Welcome to Pocket' })
  })

  it('a signed-out visitor is sent to /login with a replace navigation', async () => {
    const { router } = renderApp('/recordings/abc')
    await screen.findByRole('heading', { name: 'Welcome to Pocket' })
    // Replaced, not pushed: Back does not bounce the visitor into the guard again.
    expect(router.entries).toEqual(['/login'])
  })

  it('a signed-in user on /login goes to /recordings', async () => {
    await signInOnServer(alice)
    const { router } = renderApp('/login')
    await waitFor(() => expect(router.location.pathname).toBe('/recordings'))
  })

  it('a signed-in user reaches a recording’s page', async () => {
    await signInOnServer(alice)
    renderApp('/recordings/rec_01_weekly_sync')
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
  })

  it('a recording whose id needs escaping in a path is asked for by its own id', async () => {
    await signInOnServer(alice)
    const asked: string[] = []
    server.use(
      http.get('/api/v1/recordings/:id', ({ params }) => {
        asked.push(String(params.id))
        const file = fixtureFiles().find((f) => f.recording.id === 'rec_01_weekly_sync')
        return HttpResponse.json({ success: true, data: { ...file, recording: { ...file?.recording, id: 'rec 1%' } } })
      }),
    )
    renderApp(`/recordings/${encodeURIComponent('rec 1%')}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
    expect(asked).toEqual(['rec 1%'])
  })

  it('the shared view needs no sign-in and links to the marketing site', async () => {
    const { router } = renderApp('/shared/recording?token=abc')
    expect(await screen.findByRole('link', { name: 'Get your Pocket' })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/shared/recording')
  })

  it('the shared view without a token says so', async () => {
    renderApp('/shared/recording')
    expect(await screen.findByRole('alert')).toHaveTextContent('No share token provided')
  })
})
