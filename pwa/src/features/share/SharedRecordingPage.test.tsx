import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from '@/data/session'
import { fixtureFiles } from '@/mocks/fixtures'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { gate, placeStaticCopy } from '@/test/staticCopy'

const VIEW = '/api/v1/share/shared/recording'
// The first render loads the lazy route (and, in a file run alone, transforms its modules): allow it time.
const f = fixtureFiles().find((x) => x.recording.id === 'rec_02_one_on_one_leo')!
const sharedBody = {
  success: true,
  data: {
    recording: { ...f.recording, speakers: f.speakers },
    owner: { displayName: 'Demo User', email: 'demo@example.com', photoURL: '' },
    summarization: Object.values(f.summarizations ?? {})[0],
    transcription: f.transcription,
  },
}

describe('shared recording page', () => {
  it('shows the recording without sign-in, with the owner pill and the Get your Pocket link', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(VIEW, ({ request }) => {
        auth = request.headers.get('Authorization')
        return HttpResponse.json(sharedBody)
      }),
    )
    renderApp('/shared/recording?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
    expect(screen.getByText('From Demo User')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get your Pocket' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noreferrer'),
    )
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    expect(auth).toBeNull()
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer')
  })

  it('is read-only: no editing of the title, description or speakers', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(sharedBody)))
    renderApp('/shared/recording?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit title' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^(Edit|Add) description$/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getAllByRole('tab', { name: /^Transcript(ion)?$/ })[0]!)
    expect(await screen.findAllByRole('listitem')).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument()
  })

  it('uses the share path even for a signed-in visitor', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(sharedBody)))
    await signInOnServer(alice, { cacheProfile: true })
    session.setIdToken('signed-in')
    const { router } = renderApp('/shared/recording?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
    expect(router.location.pathname).toBe('/shared/recording')
  })

  it.each([
    [410, 'Share Link Expired', 'This share link has expired and is no longer valid.'],
    [404, 'Recording Not Found', 'This recording may have been deleted or the share link may be invalid.'],
    [401, 'Invalid Share Link', 'This share link is invalid or has been revoked.'],
  ])('%i → %s', async (status, title, message) => {
    server.use(http.get(VIEW, () => HttpResponse.json({ success: false, message: 'x' }, { status })))
    renderApp('/shared/recording?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it.each([
    ['the recording', 200, () => screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })],
    ['why the link does not open', 401, () => screen.findByRole('heading', { level: 1, name: 'Invalid Share Link' })],
  ])('the server-painted copy stays over the loading screen until %s is drawn', async (_, status, drawn) => {
    const copyShown = placeStaticCopy()
    const answer = gate()
    server.use(
      http.get(VIEW, async () => {
        await answer.passed
        return status === 200
          ? HttpResponse.json(sharedBody)
          : HttpResponse.json({ success: false, message: 'x' }, { status })
      }),
    )
    renderApp('/shared/recording?token=tok')
    expect(await screen.findByText('Loading recording…', {})).toBeInTheDocument()
    expect(copyShown()).toBe(true)
    answer.open()
    await drawn()
    await waitFor(() => expect(copyShown()).toBe(false))
  })

  it.each([
    ['its summary', '', '.summary-tab'],
    ['the transcript a passage link opens', '&t=5', '.detail__panel--transcription li'],
  ])('the copy goes only once the page has drawn %s over it, never an empty panel', async (_, query, panel) => {
    const copyShown = placeStaticCopy()
    let drawnWhenReleased: boolean | undefined
    // Seen as the copy leaves, before any later task could fill a panel drawn empty.
    const watch = new MutationObserver(() => {
      if (!copyShown() && drawnWhenReleased === undefined)
        drawnWhenReleased = document.querySelector(`#root ${panel}, ${panel}`) !== null
    })
    watch.observe(document.body, { childList: true })
    server.use(http.get(VIEW, () => HttpResponse.json(sharedBody)))
    renderApp(`/shared/recording?token=tok${query}`)
    await waitFor(() => expect(copyShown()).toBe(false))
    watch.disconnect()
    expect(drawnWhenReleased).toBe(true)
  })

  it('says "No share token provided" without a token, and asks nothing', async () => {
    let asked = false
    server.use(http.get(VIEW, () => ((asked = true), HttpResponse.json(sharedBody))))
    renderApp('/shared/recording')
    expect(await screen.findByText('No share token provided')).toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it('a network failure shows the spec message, and Retry recovers', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.error(), { once: true }),
      http.get(VIEW, () => HttpResponse.json(sharedBody)),
    )
    renderApp('/shared/recording?token=tok')
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
  })

  it('a protected link asks for the password before anything, refuses a wrong one, then opens', async () => {
    let unlocked = false
    const tries: unknown[] = []
    server.use(
      http.get(VIEW, () =>
        unlocked
          ? HttpResponse.json(sharedBody)
          : HttpResponse.json({ success: false, message: 'protected', code: 'PASSWORD_REQUIRED' }, { status: 401 }),
      ),
      http.post('/api/v1/share/tok/unlock', async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        tries.push(password)
        if (password !== 'open sesame')
          return HttpResponse.json({ success: false, message: 'no', code: 'WRONG_PASSWORD' }, { status: 401 })
        unlocked = true
        return HttpResponse.json({ success: true, message: 'Share link unlocked' })
      }),
    )
    renderApp('/shared/recording?token=tok')
    const field = await screen.findByRole('textbox', { name: 'Password' })
    expect(screen.getByRole('heading', { level: 1, name: 'This recording is protected' })).toBeInTheDocument()
    expect(screen.queryByText('1:1 with Leo')).not.toBeInTheDocument()
    await userEvent.type(field, 'guess')
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right. Please try again.')
    await userEvent.clear(field)
    await userEvent.type(field, 'open sesame{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
    expect(tries).toEqual(['guess', 'open sesame'])
  })

  it('too many wrong passwords says when to try again', async () => {
    server.use(
      http.get(VIEW, () =>
        HttpResponse.json({ success: false, message: 'protected', code: 'PASSWORD_REQUIRED' }, { status: 401 }),
      ),
      http.post('/api/v1/share/tok/unlock', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Too many wrong passwords. Please try again in 4 minutes.',
            code: 'TOO_MANY_ATTEMPTS',
          },
          { status: 429, headers: { 'Retry-After': '240' } },
        ),
      ),
    )
    renderApp('/shared/recording?token=tok')
    await userEvent.type(await screen.findByLabelText('Password'), 'guess{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Please try again in 4 minutes.',
    )
  })

  it('offers the audio as a download only where the link allows it', async () => {
    const withAudio = (allowDownload: boolean) => ({
      ...sharedBody,
      data: {
        ...sharedBody.data,
        allowDownload,
        recording: { ...sharedBody.data.recording, audio: { contentType: 'audio/ogg', size: 2000 } },
      },
    })
    server.use(http.get(VIEW, () => HttpResponse.json(withAudio(false))))
    const { unmount } = renderApp('/shared/recording?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download audio' })).not.toBeInTheDocument()
    unmount()
    server.use(http.get(VIEW, () => HttpResponse.json(withAudio(true))))
    renderApp('/shared/recording?token=tok2')
    const links = await screen.findAllByRole('link', { name: 'Download audio' })
    expect(links[0]).toHaveAttribute('href', '/api/v1/share/tok2/audio?download=1')
  })
})
