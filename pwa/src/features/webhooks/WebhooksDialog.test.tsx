import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'
import type { WebhookDelivery, WebhookEndpoint } from '@/data/webhooks'

const hook: WebhookEndpoint = {
  id: 'wh_1',
  url: 'https://hooks.example.com/pocket',
  events: ['recording.created', 'summary.ready'],
  description: '',
  status: 'active',
  disabledReason: '',
  createdAt: '2026-11-02T12:30:00Z',
  updatedAt: '2026-11-02T12:30:00Z',
  failingSince: null,
  dropped: 0,
}

const failed: WebhookDelivery = {
  id: 'msg_1',
  type: 'recording.created',
  createdAt: '2026-12-01T09:00:00Z',
  status: 'failed',
  nextAttemptAt: null,
  attempts: [
    {
      at: '2026-12-01T09:00:01Z',
      statusCode: 503,
      latencyMs: 120,
      error: 'The receiver answered 503',
      response: 'down for maintenance',
    },
  ],
}

/** A server of webhooks: GET lists, POST, PATCH, DELETE, rotate and resend change it. */
function hooksServer(initial: WebhookEndpoint[], log: WebhookDelivery[] = []) {
  const state = {
    hooks: [...initial],
    log: [...log],
    created: [] as unknown[],
    patched: [] as unknown[],
    resent: [] as string[],
  }
  server.use(
    http.get('/api/v1/webhooks', () => HttpResponse.json({ success: true, data: state.hooks })),
    http.post('/api/v1/webhooks', async ({ request }) => {
      const body = (await request.json()) as { url: string; events: string[] }
      state.created.push(body)
      const made = { ...hook, id: 'wh_2', url: body.url, events: body.events }
      state.hooks = [...state.hooks, made]
      return HttpResponse.json({ success: true, data: { ...made, secret: 'whsec_c2VjcmV0' } }, { status: 201 })
    }),
    http.patch('/api/v1/webhooks/:id', async ({ params, request }) => {
      const body = (await request.json()) as { status: 'active' | 'disabled' }
      state.patched.push(body)
      state.hooks = state.hooks.map((h) => (h.id === params.id ? { ...h, status: body.status, disabledReason: '' } : h))
      return HttpResponse.json({ success: true, data: state.hooks[0] })
    }),
    http.delete('/api/v1/webhooks/:id', ({ params }) => {
      state.hooks = state.hooks.filter((h) => h.id !== params.id)
      return HttpResponse.json({ success: true, message: 'Webhook endpoint deleted' })
    }),
    http.post('/api/v1/webhooks/:id/rotate-secret', () =>
      HttpResponse.json({
        success: true,
        data: { secret: 'whsec_bmV3', previousSecretExpiresAt: '2026-12-03T09:00:00Z' },
      }),
    ),
    http.get('/api/v1/webhooks/:id/deliveries', () => HttpResponse.json({ success: true, data: state.log })),
    http.post('/api/v1/webhooks/:id/deliveries/:delivery/resend', ({ params }) => {
      state.resent.push(String(params.delivery))
      state.log = state.log.map((d) =>
        d.id === params.delivery ? { ...d, status: 'pending', nextAttemptAt: d.createdAt } : d,
      )
      return HttpResponse.json({ success: true, data: state.log[0] })
    }),
  )
  return state
}

async function openWebhooks() {
  const user = userEvent.setup()
  await signInOnServer(alice)
  renderApp('/recordings')
  await screen.findByRole('heading', { name: 'Recordings' }, { timeout: 10_000 })
  await user.click(screen.getByRole('button', { name: 'Alice' }))
  await user.click(await screen.findByRole('menuitem', { name: 'Webhooks' }))
  const dialog = await screen.findByRole('dialog', { name: 'Webhooks' })
  return { user, dialog }
}

afterEach(() => vi.restoreAllMocks())

describe('Webhooks', () => {
  it('adds an endpoint with the chosen events and shows its secret once with Copy', async () => {
    const state = hooksServer([])
    const { user, dialog } = await openWebhooks()
    await within(dialog).findByText('You have no webhooks yet.')
    const form = within(dialog).getByRole('form', { name: 'Add endpoint' })
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://hooks.example.com/new')
    await user.click(within(form).getByRole('checkbox', { name: /share\.created/ }))
    await user.click(within(form).getByRole('checkbox', { name: /summary\.ready/ }))
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))

    const fresh = await within(dialog).findByRole('region', { name: 'New signing secret' })
    expect(within(fresh).getByLabelText('Signing secret of https://hooks.example.com/new')).toHaveValue(
      'whsec_c2VjcmV0',
    )
    expect(fresh).toHaveTextContent('will not be shown again')
    expect(state.created).toEqual([
      { url: 'https://hooks.example.com/new', events: ['recording.created', 'share.created'] },
    ])
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    await user.click(within(fresh).getByRole('button', { name: 'Copy secret' }))
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0')
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('https://hooks.example.com/new')
    await user.click(within(fresh).getByRole('button', { name: 'Done' }))
    expect(within(dialog).queryByDisplayValue('whsec_c2VjcmV0')).not.toBeInTheDocument()
  })

  it("asks for a URL and an event before sending, and shows the server's refusal", async () => {
    const state = hooksServer([])
    const { user, dialog } = await openWebhooks()
    const form = within(dialog).getByRole('form', { name: 'Add endpoint' })
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the https address to post events to.')
    await user.type(within(form).getByLabelText('Endpoint URL'), 'ftp://x')
    await user.click(within(form).getByRole('checkbox', { name: /recording\.created/ }))
    await user.click(within(form).getByRole('checkbox', { name: /summary\.ready/ }))
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one event.')
    expect(state.created).toHaveLength(0)
    server.use(
      http.post('/api/v1/webhooks', () =>
        HttpResponse.json(
          { success: false, code: 'INVALID_URL', message: 'url must be an absolute http or https URL' },
          { status: 400 },
        ),
      ),
    )
    await user.click(within(form).getByRole('checkbox', { name: /share\.created/ }))
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('url must be an absolute http or https URL'),
    )
  })

  it('shows a disabled endpoint with its reason, enables it, and resends a failed delivery from its log', async () => {
    const state = hooksServer(
      [{ ...hook, status: 'disabled', disabledReason: 'Every delivery failed for 27h35m5s' }],
      [failed],
    )
    const { user, dialog } = await openWebhooks()
    const item = await within(dialog).findByRole('listitem')
    expect(item).toHaveTextContent('Disabled: Every delivery failed for 27h35m5s')
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }))
    const log = await within(item).findByRole('list', { name: 'Deliveries to https://hooks.example.com/pocket' })
    expect(log).toHaveTextContent('Failed')
    expect(log).toHaveTextContent('503 in 120 ms')
    expect(log).toHaveTextContent('down for maintenance')
    await user.click(within(item).getByRole('button', { name: 'Enable' }))
    await waitFor(() => expect(state.patched).toEqual([{ status: 'active' }]))
    await user.click(within(log).getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(state.resent).toEqual(['msg_1']))
    expect(await within(log).findByText('Sending')).toBeInTheDocument()
  })

  it('rotates the secret (shown once) and deletes only once confirmed', async () => {
    const state = hooksServer([hook])
    const { user, dialog } = await openWebhooks()
    const item = await within(dialog).findByRole('listitem')
    await user.click(within(item).getByRole('button', { name: 'Rotate secret' }))
    const fresh = await within(dialog).findByRole('region', { name: 'New signing secret' })
    expect(within(fresh).getByLabelText('New signing secret of https://hooks.example.com/pocket')).toHaveValue(
      'whsec_bmV3',
    )

    await user.click(within(item).getByRole('button', { name: 'Delete' }))
    const confirm = within(dialog).getByRole('group', { name: 'Delete https://hooks.example.com/pocket?' })
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(state.hooks).toHaveLength(1)
    await user.click(within(item).getByRole('button', { name: 'Delete' }))
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }))
    expect(await within(dialog).findByText('You have no webhooks yet.')).toBeInTheDocument()
  })

  it('says when the list could not load (Try again asks again), and when the server offers none', async () => {
    let calls = 0
    server.use(
      http.get('/api/v1/webhooks', () =>
        ++calls === 1
          ? HttpResponse.json({ success: false, message: 'down', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json({ success: false, code: 'NOT_FOUND', message: 'No API endpoint' }, { status: 404 }),
      ),
    )
    const { user, dialog } = await openWebhooks()
    await within(dialog).findByText('Your webhooks could not be loaded.')
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByText('This server does not offer webhooks.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('form', { name: 'Add endpoint' })).not.toBeInTheDocument()
  })
})
