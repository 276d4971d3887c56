import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'

const items = [
  { id: 'recordings', used: 26, limit: 50000, unit: 'count' },
  { id: 'bytes', used: 1288490189, limit: 53687091200, unit: 'bytes' },
  { id: 'uploadsToday', used: 3, limit: 500, unit: 'perDay' },
  { id: 'folders', used: 1000, limit: 1000, unit: 'count' },
  { id: 'liveSockets', used: null, limit: 16, unit: 'atOnce' },
  { id: 'chatPerMinute', used: null, limit: 0, unit: 'perMinute' },
]

async function openUsage({ offline = false } = {}) {
  const user = userEvent.setup()
  await signInOnServer(alice)
  renderApp('/recordings')
  await screen.findByRole('heading', { name: 'Recordings' }, { timeout: 10_000 })
  if (offline) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
  }
  await user.click(screen.getByRole('button', { name: 'Alice' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Usage' }))
  const dialog = await screen.findByRole('dialog', { name: 'Usage' })
  return { user, dialog }
}

afterEach(() => vi.restoreAllMocks())

describe('Usage dialog', () => {
  it('shows each limit as used of allowed, in words', async () => {
    server.use(http.get('/api/v1/usage', () => HttpResponse.json({ success: true, data: { items } })))
    const { dialog } = await openUsage()
    expect(await within(dialog).findByText('Recordings: 26 of 50,000')).toBeInTheDocument()
    expect(within(dialog).getByText('Storage: 1.2 GiB of 50 GiB')).toBeInTheDocument()
    expect(within(dialog).getByText('Uploads today: 3 of 500 a day')).toBeInTheDocument()
    expect(within(dialog).getByText('Folders: 1,000 of 1,000')).toBeInTheDocument()
    expect(within(dialog).getByText('Live connections: up to 16 at once')).toBeInTheDocument()
    expect(within(dialog).getByText('Questions to Ask Pocket: no limit')).toBeInTheDocument()
    expect(dialog.querySelectorAll('meter')).toHaveLength(4)
  })

  it('says when it could not load, and Try again asks again', async () => {
    let calls = 0
    server.use(
      http.get('/api/v1/usage', () =>
        ++calls === 1
          ? HttpResponse.json({ success: false, message: 'boom', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: true, data: { items } }),
      ),
    )
    const { user, dialog } = await openUsage()
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Your usage could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByText('Recordings: 26 of 50,000')).toBeInTheDocument()
    expect(calls).toBe(2)
  })

  it('offline, says it needs a connection and asks nothing', async () => {
    let calls = 0
    server.use(http.get('/api/v1/usage', () => (calls++, HttpResponse.json({ success: true, data: { items } }))))
    const { dialog } = await openUsage({ offline: true })
    expect(dialog).toHaveTextContent('connect to the internet to see it')
    expect(calls).toBe(0)
  })

  it('closes with Escape', async () => {
    server.use(http.get('/api/v1/usage', () => HttpResponse.json({ success: true, data: { items } })))
    const { user } = await openUsage()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
