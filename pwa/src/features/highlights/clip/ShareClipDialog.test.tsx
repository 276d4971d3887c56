import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from '@/data/session'
import { alice, renderWithProviders, signInOnServer } from '@/test/render'
import { ShareClipButton } from './ShareClipButton'

let bodies: unknown[] = []
beforeEach(async () => {
  bodies = []
  await signInOnServer(alice, { cacheProfile: true })
  session.setIdToken('signed-in')
  server.use(
    http.post('/api/v1/highlights/:id/share', async ({ request, params }) => {
      if (params.id !== 'hl1')
        return HttpResponse.json({ success: false, message: 'no', code: 'NOT_FOUND' }, { status: 404 })
      const body = (await request.json()) as { password?: string; allowDownload?: boolean }
      bodies.push(body)
      // The bare link, no envelope, as the server answers a clip.
      return HttpResponse.json(
        {
          id: 'c1',
          token: 'cliptok',
          url: 'http://localhost/shared/clip?token=cliptok',
          hint: 'ptok',
          recordingId: 'rec1',
          highlightId: 'hl1',
          createdAt: new Date().toISOString(),
          expiresAt: null,
          protected: Boolean(body.password),
          allowDownload: body.allowDownload === true,
          views: 0,
          lastViewedAt: null,
        },
        { status: 201 },
      )
    }),
  )
})
afterEach(() => vi.restoreAllMocks())

async function openDialog(highlightId = 'hl1') {
  renderWithProviders(<ShareClipButton highlightId={highlightId} />)
  await userEvent.click(screen.getByRole('button', { name: 'Share clip' }))
  return screen.findByRole('dialog', { name: 'Share clip' })
}

describe('share clip dialog', () => {
  it('makes a link without downloads by default, shows it and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const dialog = await openDialog()
    expect(within(dialog).getByRole('checkbox', { name: 'Allow audio download' })).not.toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    expect(await within(dialog).findByLabelText('New clip link')).toHaveValue(
      'http://localhost/shared/clip?token=cliptok',
    )
    expect(bodies).toEqual([{ allowDownload: false }])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith('http://localhost/shared/clip?token=cliptok')
  })

  it('sends the chosen expiry, password and download', async () => {
    const dialog = await openDialog()
    await userEvent.selectOptions(within(dialog).getByLabelText('Link expires after'), '1 day')
    await userEvent.type(within(dialog).getByLabelText('Password (optional)'), 'open sesame')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Allow audio download' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    await within(dialog).findByLabelText('New clip link')
    expect(bodies).toEqual([{ expiresIn: 86_400, password: 'open sesame', allowDownload: true }])
    expect(within(dialog).getByLabelText('Password (optional)')).toHaveValue('')
  })

  it('says so when the highlight is gone, and shows no link', async () => {
    const dialog = await openDialog('gone')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This highlight no longer exists, so it cannot be shared.',
    )
    expect(within(dialog).queryByLabelText('New clip link')).not.toBeInTheDocument()
  })

  it('offline, says clips need a connection and cannot be made', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const dialog = await openDialog()
    expect(within(dialog).getByText(/Sharing a clip needs a connection/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeDisabled()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeEnabled()
  })

  it('closes with Close and gives focus back to the button', async () => {
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Share clip' })).toHaveFocus()
  })
})
