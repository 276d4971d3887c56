import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { mockAuth } from '@/mocks/mockAuthState'
import { db } from '@/data/db'
import { alice, renderApp, signInOnServer } from '@/test/render'

async function openDialog() {
  const user = userEvent.setup()
  await signInOnServer(alice)
  const app = renderApp('/recordings')
  await screen.findByRole('heading', { name: 'Recordings' })
  await user.click(screen.getByRole('button', { name: 'Alice' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out of all devices' }))
  const dialog = await screen.findByRole('dialog', { name: 'Sign out of all devices?' })
  return { user, dialog, ...app }
}

/** The bodies the server gets on logout-all, which signs the session out as the real one does. */
function recordLogoutAllBodies(): string[] {
  const bodies: string[] = []
  server.use(
    http.post('/api/v1/auth/logout-all', async ({ request }) => {
      bodies.push(await request.text())
      mockAuth.setSession(null)
      return HttpResponse.json({ success: true })
    }),
  )
  return bodies
}

describe('Sign out of all devices', () => {
  it('explains that every device, this one included, is signed out, and focuses Cancel', async () => {
    const { dialog } = await openDialog()
    expect(dialog).toHaveTextContent('Every device signed in to your account, including this one, will be signed out')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
  })

  it('Cancel and Escape sign no one out', async () => {
    let called = 0
    server.use(http.post('/api/v1/auth/logout-all', () => (called++, HttpResponse.json({ success: true }))))
    const { user, dialog, router } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out of all devices' }))
    await screen.findByRole('dialog', { name: 'Sign out of all devices?' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(called).toBe(0)
    expect(router.location.pathname).toBe('/recordings')
  })

  it('confirming asks the server with the ID token, then signs this device out to /login', async () => {
    let authorization: string | null = null
    server.use(
      http.post('/api/v1/auth/logout-all', ({ request }) => {
        authorization = request.headers.get('Authorization')
        mockAuth.setSession(null)
        return HttpResponse.json({ success: true })
      }),
    )
    const { user, dialog, router } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(authorization).toMatch(/^Bearer /)
    expect(await screen.findByRole('heading', { name: 'Welcome to Pocket' })).toBeInTheDocument()
    expect(await db.recordings.count()).toBe(0)
  })

  it('shows it is working, and on failure says so and keeps this device signed in', async () => {
    let answer: (r: Response) => void = () => {}
    server.use(http.post('/api/v1/auth/logout-all', () => new Promise<Response>((resolve) => (answer = resolve))))
    const { user, dialog, router } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }))
    const working = await within(dialog).findByRole('button', { name: 'Signing out…' })
    expect(working).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled()

    answer(HttpResponse.json({ success: false, message: 'down' }, { status: 503 }))
    expect(await within(dialog).findByText(/Your devices could not be signed out/)).toHaveAttribute('role', 'alert')
    expect(within(dialog).getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled()
    expect(router.location.pathname).toBe('/recordings')
    expect(mockAuth.session()).not.toBeNull()
  })

  it('offers to revoke the access tokens too, unticked by default', async () => {
    const bodies = recordLogoutAllBodies()
    const { user, dialog, router } = await openDialog()
    const revoke = within(dialog).getByRole('checkbox', { name: 'Also revoke my access tokens' })
    expect(revoke).not.toBeChecked()
    expect(revoke).toHaveAccessibleDescription(/Scripts and apps using your personal access tokens stop working/)
    await user.click(revoke)
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(bodies.map((b) => JSON.parse(b) as unknown)).toEqual([{ revokeTokens: true }])
  })

  it('left unticked, asks the server to keep the tokens', async () => {
    const bodies = recordLogoutAllBodies()
    const { user, dialog, router } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(bodies).toEqual([''])
  })
})
