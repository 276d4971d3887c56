import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'
import type { AccessToken } from '@/data/accessTokens'

const backup: AccessToken = {
  id: 'tok_1',
  name: 'Backup script',
  scopes: ['recordings:read'],
  createdAt: '2026-11-02T12:30:00Z',
  expiresAt: null,
  lastUsedAt: '2026-11-30T12:05:00Z',
}

/** A server of tokens: the list GET answers, POST and DELETE change it. */
function tokensServer(initial: AccessToken[]) {
  const state = { tokens: [...initial], created: [] as unknown[] }
  server.use(
    http.get('/api/v1/tokens', () => HttpResponse.json({ success: true, data: state.tokens })),
    http.post('/api/v1/tokens', async ({ request }) => {
      const body = (await request.json()) as { name: string; scopes: string[]; expiresIn?: number }
      state.created.push(body)
      const made = {
        id: 'tok_2',
        name: body.name,
        scopes: body.scopes,
        createdAt: '2026-12-01T22:00:00Z',
        expiresAt: null,
        lastUsedAt: null,
      }
      state.tokens = [made, ...state.tokens]
      return HttpResponse.json({ success: true, data: { ...made, token: 'pkt_secretsecret' } }, { status: 201 })
    }),
    http.delete('/api/v1/tokens/:id', ({ params }) => {
      state.tokens = state.tokens.filter((t) => t.id !== params.id)
      return HttpResponse.json({ success: true, message: 'Access token revoked' })
    }),
  )
  return state
}

async function openTokens() {
  const user = userEvent.setup()
  await signInOnServer(alice)
  renderApp('/recordings')
  await screen.findByRole('heading', { name: 'Recordings' }, { timeout: 10_000 })
  await user.click(screen.getByRole('button', { name: 'Alice' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Access tokens' }))
  const dialog = await screen.findByRole('dialog', { name: 'Access tokens' })
  return { user, dialog }
}

afterEach(() => vi.restoreAllMocks())

describe('Access tokens', () => {
  it('lists each token with its scopes, created, last used and expiry', async () => {
    tokensServer([backup])
    const { dialog } = await openTokens()
    const list = await within(dialog).findByRole('list', { name: 'Your access tokens' })
    const item = within(list).getByRole('listitem')
    expect(item).toHaveTextContent('Backup script')
    expect(item).toHaveTextContent('recordings:read')
    expect(item).toHaveTextContent('Created Nov 2, 2026')
    expect(item).toHaveTextContent('Last used Nov 30, 2026')
    expect(item).toHaveTextContent('Never expires')
  })

  it('says when there are none, and when the list could not load (Try again asks again)', async () => {
    let calls = 0
    server.use(
      http.get('/api/v1/tokens', () =>
        ++calls === 1
          ? HttpResponse.json({ success: false, message: 'down', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: true, data: [] }),
      ),
    )
    const { user, dialog } = await openTokens()
    const alert = await within(dialog).findByText('Your access tokens could not be loaded.')
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByText('You have no access tokens yet.')).toBeInTheDocument()
    expect(alert).not.toBeInTheDocument()
  })

  it('creates a token with the chosen name, scopes and expiry, and shows its secret once with Copy', async () => {
    const state = tokensServer([])
    const { user, dialog } = await openTokens()
    await within(dialog).findByText('You have no access tokens yet.')
    const form = within(dialog).getByRole('form', { name: 'Create token' })
    await user.type(within(form).getByLabelText('Name'), 'Nightly export')
    await user.click(within(form).getByRole('checkbox', { name: /recordings:write/ }))
    await user.selectOptions(within(form).getByLabelText('Expires after'), '90 days')
    await user.click(within(form).getByRole('button', { name: 'Create token' }))

    const fresh = await within(dialog).findByRole('region', { name: 'New token' })
    expect(within(fresh).getByLabelText('Your new token “Nightly export”')).toHaveValue('pkt_secretsecret')
    expect(fresh).toHaveTextContent('will not be shown again')
    expect(state.created).toEqual([
      { name: 'Nightly export', scopes: ['recordings:read', 'recordings:write'], expiresIn: 90 * 86400 },
    ])
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    await user.click(within(fresh).getByRole('button', { name: 'Copy token' }))
    expect(writeText).toHaveBeenCalledWith('pkt_secretsecret')
    expect(await within(fresh).findByText('Copied')).toBeInTheDocument()
    // Listed without its secret; Done hides the secret for good.
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('Nightly export')
    await user.click(within(fresh).getByRole('button', { name: 'Done' }))
    expect(within(dialog).queryByDisplayValue('pkt_secretsecret')).not.toBeInTheDocument()
  })

  it("asks for a name and a scope before sending, and shows the server's refusal", async () => {
    const state = tokensServer([])
    const { user, dialog } = await openTokens()
    const form = within(dialog).getByRole('form', { name: 'Create token' })
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Give the token a name.')
    await user.type(within(form).getByLabelText('Name'), 'x')
    await user.click(within(form).getByRole('checkbox', { name: /recordings:read/ }))
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one scope.')
    expect(state.created).toHaveLength(0)

    server.use(
      http.post('/api/v1/tokens', () =>
        HttpResponse.json(
          { success: false, code: 'QUOTA_ACCESS_TOKENS', message: 'You have reached your limit of 50 access tokens.' },
          { status: 413 },
        ),
      ),
    )
    await user.click(within(form).getByRole('checkbox', { name: /chat/ }))
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('You have reached your limit of 50 access tokens.'),
    )
  })

  it('revokes a token only once confirmed', async () => {
    const state = tokensServer([backup])
    const { user, dialog } = await openTokens()
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke Backup script' }))
    const confirm = within(dialog).getByRole('group', { name: 'Revoke “Backup script”?' })
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(state.tokens).toHaveLength(1)

    await user.click(within(dialog).getByRole('button', { name: 'Revoke Backup script' }))
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }))
    expect(await within(dialog).findByText('You have no access tokens yet.')).toBeInTheDocument()
    expect(state.tokens).toHaveLength(0)
  })

  it('says so when the server offers no tokens', async () => {
    server.use(
      http.get('/api/v1/tokens', () =>
        HttpResponse.json({ success: false, code: 'NOT_FOUND', message: 'No API endpoint' }, { status: 404 }),
      ),
    )
    const { dialog } = await openTokens()
    expect(await within(dialog).findByText('This server does not offer access tokens.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('form', { name: 'Create token' })).not.toBeInTheDocument()
  })
})
