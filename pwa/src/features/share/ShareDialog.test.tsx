import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { fixtureFiles } from '@/mocks/fixtures'
import { alice, renderApp, signInOnServer } from '@/test/render'

interface Link {
  id: string
  hint: string
  token: string
  url: string
  recordingId: string
  createdAt: string
  expiresAt: string | null
  revokedAt?: string
  protected?: boolean
  allowDownload?: boolean
  views?: number
  lastViewedAt?: string | null
}

let links: Link[] = []
let created: unknown[] = []
beforeEach(() => {
  links = []
  created = []
  const f = fixtureFiles().find((x) => x.recording.id === 'rec_01_weekly_sync')!
  server.use(
    http.get('/api/v1/recordings/:id', () => HttpResponse.json({ success: true, data: f })),
    http.post('/api/v1/recordings/:id/view', () => HttpResponse.json({ success: true })),
    // Listed as the server lists them: by id and hint, without the token.
    http.get('/api/v1/recordings/:id/shares', () =>
      HttpResponse.json({
        success: true,
        data: [...links].reverse().map(({ token: _, url: __, ...listed }) => listed),
      }),
    ),
    http.post('/api/v1/recordings/:id/share', async ({ request, params }) => {
      const body = (await request.json()) as { expiresIn?: number; password?: string; allowDownload?: boolean }
      created.push(body)
      const token = `tok${links.length + 1}`
      const link = {
        id: `id${links.length + 1}`,
        hint: token.slice(-4),
        token,
        url: `http://localhost/shared/recording?token=${token}`,
        recordingId: String(params.id),
        createdAt: new Date().toISOString(),
        expiresAt: body.expiresIn ? new Date(Date.now() + body.expiresIn * 1000).toISOString() : null,
        protected: Boolean(body.password),
        allowDownload: body.allowDownload !== false,
        views: body.password ? 3 : 0,
        lastViewedAt: body.password ? '2026-11-20T09:30:00Z' : null,
      }
      links.push(link)
      return HttpResponse.json(link, { status: 201 })
    }),
    http.delete('/api/v1/share/:token', ({ params }) => {
      const link = links.find((l) => l.id === params.token)
      if (link) link.revokedAt = new Date().toISOString()
      return HttpResponse.json({ success: true })
    }),
  )
})

async function openDialog() {
  await signInOnServer(alice, { cacheProfile: true })
  renderApp('/recordings/rec_01_weekly_sync')
  // The first test also pays for loading the screen's modules.
  await userEvent.click(await screen.findByRole('button', { name: 'Share' }))
  return screen.findByRole('dialog', { name: 'Share recording' })
}

describe('share dialog', () => {
  it('creates a link with the chosen expiry, copies it, lists it and revokes it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const dialog = await openDialog()
    expect(await within(dialog).findByText('No share links yet.')).toBeInTheDocument()

    await userEvent.selectOptions(within(dialog).getByLabelText('Link expires after'), '7 days')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    const field = await within(dialog).findByLabelText('New share link')
    expect(field).toHaveValue('http://localhost/shared/recording?token=tok1')
    expect(created).toEqual([{ expiresIn: 7 * 86400 }])

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith('http://localhost/shared/recording?token=tok1')
    expect(await within(dialog).findByText('Copied')).toBeInTheDocument()

    const list = await within(dialog).findByRole('list', { name: 'Share links' })
    expect(within(list).getByText(/Expires /)).toBeInTheDocument()
    expect(within(list).getByText('Link ending in …tok1')).toBeInTheDocument()
    await userEvent.click(within(list).getByRole('button', { name: /^Revoke link created/ }))
    expect(await within(list).findByText(/Revoked/)).toBeInTheDocument()
    expect(within(list).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument()
  })

  it("shows the server's words when the share-link quota is reached, and makes no link", async () => {
    const quota = 'You have reached your limit of 10,000 share links. Revoke links you no longer need to make new ones.'
    server.use(
      http.post('/api/v1/recordings/:id/share', () =>
        HttpResponse.json({ success: false, message: quota, code: 'QUOTA_SHARE_LINKS' }, { status: 413 }),
      ),
    )
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(quota)
    expect(within(dialog).queryByLabelText('New share link')).not.toBeInTheDocument()
  })

  it('creates a link that never expires by default', async () => {
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    await within(dialog).findByLabelText('New share link')
    expect(created).toEqual([{}])
    expect(await within(dialog).findByText(/Never expires/)).toBeInTheDocument()
  })

  it('creates a protected link without downloads, and lists its views and last view', async () => {
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByLabelText('Password (optional)'), 'open sesame')
    const download = within(dialog).getByRole('checkbox', { name: 'Allow audio download' })
    expect(download).toBeChecked()
    await userEvent.click(download)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    await within(dialog).findByLabelText('New share link')
    expect(created).toEqual([{ password: 'open sesame', allowDownload: false }])
    expect(within(dialog).getByLabelText('Password (optional)')).toHaveValue('')
    const list = await within(dialog).findByRole('list', { name: 'Share links' })
    expect(await within(list).findByText(/· Password · No download/)).toBeInTheDocument()
    expect(within(list).getByText(/^3 views · last /)).toBeInTheDocument()
  })

  it('a link nobody opened yet says so', async () => {
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    const list = await within(dialog).findByRole('list', { name: 'Share links' })
    expect(await within(list).findByText('No views yet')).toBeInTheDocument()
  })

  it('closes with Escape and gives focus back to Share', async () => {
    await openDialog()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus()
  })
})
