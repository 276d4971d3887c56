import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '@/data/db'
import { mockAuth } from '@/mocks/mockAuthState'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { avatarColor } from './avatarColor'

async function openApp(user = alice) {
  await signInOnServer(user)
  const app = renderApp('/recordings')
  await screen.findByRole('heading', { name: 'Recordings' })
  return app
}

describe('signed-in shell', () => {
  it('shows the product name, Web Beta badge and tagline', async () => {
    await openApp()
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' })
    expect(within(sidebar).getByText('Pocket')).toBeInTheDocument()
    expect(within(sidebar).getByText('Web Beta')).toBeInTheDocument()
    expect(within(sidebar).getByText('Your AI thought companion')).toBeInTheDocument()
  })

  it('the menu button opens the drawer and Escape closes it', async () => {
    const user = userEvent.setup()
    await openApp()
    const menu = screen.getByRole('button', { name: 'Open menu' })
    expect(menu).toHaveAttribute('aria-expanded', 'false')
    await user.click(menu)
    expect(menu).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(menu).toHaveAttribute('aria-expanded', 'false')
  })

  it('the user menu shows the initial avatar coloured by name and the display name', async () => {
    await openApp()
    const trigger = screen.getByRole('button', { name: 'Alice' })
    const avatar = trigger.querySelector('.avatar') as HTMLElement
    expect(avatar).toHaveTextContent('A')
    expect(avatar.style.backgroundColor).toBe(hexToRgb(avatarColor('Alice')))
  })

  it('falls back to the e-mail when there is no display name', async () => {
    await openApp({ ...alice, displayName: null })
    expect(screen.getByRole('button', { name: 'alice@example.com' })).toBeInTheDocument()
  })

  it('Logout signs out, clears local data and goes to /login', async () => {
    const user = userEvent.setup()
    const { router } = await openApp()
    await user.click(screen.getByRole('button', { name: 'Alice' }))
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(router.location.pathname).toBe('/login'))
    expect(await screen.findByRole('heading', { name: 'Welcome to Pocket' })).toBeInTheDocument()
    expect(mockAuth.session()).toBeNull()
    expect(await db.recordings.count()).toBe(0)
  })
})

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}
