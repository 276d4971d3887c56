import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { ApiError, networkError } from '@/data/api/errors'
import { renderApp } from '@/test/render'
import { NO_TOKEN_SCREEN, shareErrorScreen } from '../shareErrors'
import { CLIP_NO_TOKEN, clipErrorText } from './clipTexts'

const VIEW = '/api/v1/share/shared/clip'
const AUDIO = '/api/v1/share/tok/audio'
const clip = (allowDownload = false) => ({
  success: true,
  data: {
    recordingTitle: 'Quarterly planning',
    text: 'We ship the clips in March. Agreed, March it is.',
    start: 723,
    end: 761,
    speakers: ['Dana', 'Leo'],
    segments: [
      { speaker: 'Dana', text: 'We ship the clips in March.', start: 723, end: 740 },
      { speaker: 'Leo', text: 'Agreed, March it is.', start: 741, end: 761 },
    ],
    allowDownload,
  },
})
const playable = () =>
  http.head(AUDIO, () => new HttpResponse(null, { status: 200, headers: { 'X-Clip-Start': '722.4' } }))
const fail = (status: number, code: string) => HttpResponse.json({ success: false, message: 'x', code }, { status })

describe('shared clip page', () => {
  it('shows the title, the range, the lines with speakers and times, and a keyboard player; nothing to download', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(VIEW, ({ request }) => ((auth = request.headers.get('Authorization')), HttpResponse.json(clip()))),
      playable(),
    )
    renderApp('/shared/clip?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly planning' })).toBeInTheDocument()
    expect(screen.getByText('A clip from')).toBeInTheDocument()
    expect(screen.getByText(/12:03 – 12:41/)).toHaveTextContent('12:03 – 12:41 · Dana, Leo')
    const excerpt = screen.getByRole('region', { name: 'Excerpt' })
    const lines = within(excerpt).getAllByRole('listitem')
    expect(lines.map((l) => l.textContent)).toEqual([
      'Dana 12:03We ship the clips in March.',
      'Leo 12:21Agreed, March it is.',
    ])
    const audio = screen.getByRole('region', { name: 'Clip audio' })
    expect(await within(audio).findByRole('button', { name: 'Play clip' })).toBeInTheDocument()
    const slider = within(audio).getByRole('slider', { name: 'Position' })
    expect(slider).toHaveAttribute('aria-valuetext', '12:03 of 12:41')
    fireEvent.change(slider, { target: { value: '750' } })
    expect(slider).toHaveAttribute('aria-valuetext', '12:30 of 12:41')
    // The element plays the cut, its first second before the highlight: 750 s on the recording is 27.6 s into it.
    expect(document.querySelector('audio')).toHaveAttribute('src', AUDIO)
    expect(document.querySelector('audio')!.currentTime).toBeCloseTo(27.6, 1)
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument()
    expect(auth).toBeNull()
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  it('offers the clip as a download where the link allows it', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.json(clip(true))),
      playable(),
    )
    renderApp('/shared/clip?token=tok')
    expect(await screen.findByRole('link', { name: 'Download clip' })).toHaveAttribute('href', `${AUDIO}?download=1`)
  })

  it('says the audio cannot be played when the server cannot cut it, and still shows the lines', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.json(clip(true))),
      http.head(AUDIO, () => new HttpResponse(null, { status: 404 })),
    )
    renderApp('/shared/clip?token=tok')
    expect(await screen.findByText('The audio of this clip can’t be played.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Play clip' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Download clip' })).not.toBeInTheDocument()
    expect(screen.getByText('We ship the clips in March.')).toBeInTheDocument()
  })

  it('a protected clip asks for the password before anything, refuses a wrong one, then opens', async () => {
    let unlocked = false
    server.use(
      http.get(VIEW, () => (unlocked ? HttpResponse.json(clip()) : fail(401, 'PASSWORD_REQUIRED'))),
      playable(),
      http.post('/api/v1/share/tok/unlock', async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        if (password !== 'open sesame') return fail(401, 'WRONG_PASSWORD')
        unlocked = true
        return HttpResponse.json({ success: true, message: 'Share link unlocked' })
      }),
    )
    renderApp('/shared/clip?token=tok')
    const field = await screen.findByRole('textbox', { name: 'Password' })
    expect(screen.queryByText('Quarterly planning')).not.toBeInTheDocument()
    await userEvent.type(field, 'guess{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right. Please try again.')
    await userEvent.clear(field)
    await userEvent.type(field, 'open sesame')
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly planning' })).toBeInTheDocument()
  })

  it.each([
    [410, 'SHARE_LINK_EXPIRED', 'Share Link Expired', 'This share link has expired and is no longer valid.'],
    [
      404,
      'SHARED_CLIP_NOT_FOUND',
      'Recording Not Found',
      'This recording may have been deleted or the share link may be invalid.',
    ],
    [401, 'INVALID_SHARE_TOKEN', 'Invalid Share Link', 'This share link is invalid or has been revoked.'],
  ])('%i %s → %s, no Retry', async (status, code, title, message) => {
    server.use(http.get(VIEW, () => fail(status, code)))
    renderApp('/shared/clip?token=tok')
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it('without a token says so and asks the server nothing', async () => {
    let asked = false
    server.use(http.get(VIEW, () => ((asked = true), HttpResponse.json(clip()))))
    renderApp('/shared/clip')
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Share Link' })).toBeInTheDocument()
    expect(screen.getByText('No share token provided')).toBeInTheDocument()
    expect(asked).toBe(false)
  })

  it('a network failure shows the spec message, and Retry recovers', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.error(), { once: true }),
      http.get(VIEW, () => HttpResponse.json(clip())),
      playable(),
    )
    renderApp('/shared/clip?token=tok')
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly planning' })).toBeInTheDocument()
  })
})

describe('clip error texts', () => {
  it('are the shared recording page’s, word for word', () => {
    expect(CLIP_NO_TOKEN).toEqual(NO_TOKEN_SCREEN)
    const errors = [
      ...[410, 404, 401, 400, 403, 502].map((status) => new ApiError({ status, code: 'X', message: 'm' })),
      new ApiError({ status: 400, code: 'NO_SHARE_TOKEN', message: 'm' }),
      new ApiError({ status: 200, code: 'NO_DATA', message: 'm' }),
      networkError(new TypeError('offline')),
      new Error(''),
    ]
    for (const error of errors) expect(clipErrorText(error)).toEqual(shareErrorScreen(error))
  })
})
