import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'

const digest = {
  since: '2026-11-16T07:00:00Z',
  until: '2026-11-17T07:00:00Z',
  recordings: [
    { id: 'rec_02', title: '1:1 with Leo', summary: 'Leo had a heavy on-call week: six pages, four at night.' },
  ],
  more: 0,
  actionItems: [{ recordingId: 'rec_02', recordingTitle: '1:1 with Leo', title: 'Draft the review checklist' }],
}

function serve(opts: { digest?: unknown; failDigest?: boolean } = {}) {
  let settings = { frequency: 'off', email: false, push: false }
  const puts: unknown[] = []
  server.use(
    http.get('/api/v1/digest', () =>
      opts.failDigest
        ? HttpResponse.json({ success: false, message: 'boom', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json({ success: true, data: opts.digest ?? digest }),
    ),
    http.get('/api/v1/settings/digest', () => HttpResponse.json({ success: true, data: settings })),
    http.put('/api/v1/settings/digest', async ({ request }) => {
      settings = (await request.json()) as typeof settings
      puts.push(settings)
      return HttpResponse.json({ success: true, data: settings })
    }),
    http.post('/api/v1/digest/send', () =>
      settings.email || settings.push
        ? HttpResponse.json({
            success: true,
            data: { email: settings.email, push: settings.push, recordings: 1, actionItems: 1 },
          })
        : HttpResponse.json(
            {
              success: false,
              message: 'Choose e-mail or push (or both) in the digest settings, then send again',
              code: 'DIGEST_NO_CHANNEL',
            },
            { status: 400 },
          ),
    ),
  )
  return { puts }
}

async function openDigest() {
  await signInOnServer(alice)
  renderApp('/digest')
  return screen.findByRole('heading', { name: 'Digest', level: 1 }, { timeout: 10_000 })
}

describe('Digest page', () => {
  it('shows the new recordings with their line and the open action items', async () => {
    serve()
    await openDigest()
    const link = await screen.findByRole('link', { name: '1:1 with Leo' })
    expect(link).toHaveAttribute('href', '/recordings/rec_02')
    expect(screen.getByText('Leo had a heavy on-call week: six pages, four at night.')).toBeInTheDocument()
    expect(screen.getByText('Draft the review checklist')).toBeInTheDocument()
  })

  it('says when nothing is new', async () => {
    serve({ digest: { ...digest, recordings: [], actionItems: [] } })
    await openDigest()
    expect(await screen.findByText('Nothing new since your last digest')).toBeInTheDocument()
  })

  it('says when it could not load, with Try again', async () => {
    serve({ failDigest: true })
    await openDigest()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your digest could not be loaded.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('saves a daily e-mail digest with the keyboard, and Send now says what it sent', async () => {
    const { puts } = serve()
    const user = userEvent.setup()
    await openDigest()
    const off = await screen.findByRole('radio', { name: 'Off' })
    expect(off).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Send now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose e-mail or push')
    await user.click(screen.getByRole('radio', { name: 'Daily' }))
    screen.getByRole('checkbox', { name: 'By e-mail' }).focus()
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: 'By e-mail' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Digest settings saved.')).toBeInTheDocument()
    expect(puts).toEqual([{ frequency: 'daily', email: true, push: false }])
    await user.click(screen.getByRole('button', { name: 'Send now' }))
    expect(await screen.findByText('Digest sent by e-mail (1 new recording).')).toBeInTheDocument()
  })
})
