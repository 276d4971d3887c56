import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { resetChatMocks } from '@/mocks/handlers/chat'
import { fixtureFiles } from '@/mocks/fixtures'
import { normalizeTranscript, formatClock } from '@/data/normalize/transcript'
import { alice, renderApp, renderWithProviders, signInOnServer } from '@/test/render'
import { openOwnerChat } from './openOwnerChat'
import { AskPocket } from './AskPocket'

const REC = 'rec_02_one_on_one_leo'
const file = fixtureFiles().find((f) => f.recording.id === REC)!
const firstSegment = normalizeTranscript(file.transcription, file.speakers).segments[0]!
const SEND = '/api/v1/chat/message'

const sharedBody = {
  success: true,
  data: {
    recording: { ...file.recording, speakers: file.speakers },
    owner: { displayName: 'Demo User', email: 'demo@example.com', photoURL: '' },
    summarization: Object.values(file.summarizations ?? {})[0],
    transcription: file.transcription,
  },
}

beforeEach(() => resetChatMocks())

const openOwner = () => openOwnerChat(REC)

const box = () => screen.getByPlaceholderText('Ask questions about your chat')
const sendButton = () => screen.getByRole('button', { name: 'Send' })

describe('Ask Pocket', () => {
  it('owner: Enter sends; the question shows at once, the reply is revealed with its sources, chips follow the reply', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.use(http.post(SEND, async () => (await gate, undefined)))
    const { panel } = await openOwner()
    expect(panel.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['List to-do', 'Follow-up email', 'List Q&A options']),
    )

    await userEvent.type(box(), 'What did we agree?{Enter}')
    expect(panel.getByText('What did we agree?')).toBeInTheDocument()
    expect(panel.getByRole('img', { name: 'Pocket is typing…' })).toBeInTheDocument()
    expect(box()).toBeDisabled()
    expect(sendButton()).toHaveAttribute('aria-busy', 'true')
    expect(panel.getByRole('button', { name: 'List to-do' })).toBeDisabled()
    release()

    const source = await panel.findByRole('button', {
      name: `${firstSegment.speakerLabel} · ${formatClock(firstSegment.start)}`,
    })
    expect(panel.queryByRole('img', { name: 'Pocket is typing…' })).not.toBeInTheDocument()
    // Safe markdown: **bold** becomes <strong>.
    expect(panel.getByText('What did we agree?', { selector: 'strong' })).toBeInTheDocument()
    // The full reply is announced once, a render after the reveal completes.
    expect(
      await screen.findByText(/the team agreed on the next action items/, { selector: '[aria-live] *, [aria-live]' }),
    ).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Who owns each action item?' })).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Why was that decided?' })).toBeInTheDocument()
    expect(panel.queryByRole('button', { name: 'List to-do' })).not.toBeInTheDocument()
    expect(box()).toBeEnabled()
    expect(source).toBeEnabled()
  })

  it('a source opens the Transcription tab at that segment', async () => {
    const { panel, app } = await openOwner()
    await userEvent.click(panel.getByRole('button', { name: 'List to-do' }))
    await userEvent.click(await panel.findByRole('button', { name: new RegExp(`^${firstSegment.speakerLabel} ·`) }))
    expect(screen.getByRole('tab', { name: 'Transcription' })).toHaveAttribute('aria-selected', 'true')
    expect(app.router.location.search).toBe('?tab=transcription')
    const row = await screen.findByText(firstSegment.text)
    expect(row.closest('li')).toHaveAttribute('aria-current', 'true')
  })

  it('shows a loading indicator on a first visit; a return visit shows the saved conversation first, also offline', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.use(http.get('/api/v1/chat/session/:id', async () => (await gate, undefined), { once: true }))
    await signInOnServer(alice, { cacheProfile: true })
    const first = renderApp(`/recordings/${REC}`)
    expect(await screen.findByText('Loading chat…', {})).toBeInTheDocument()
    release()
    await waitFor(() => expect(box()).toBeEnabled())
    await userEvent.type(box(), 'First question{Enter}')
    await screen.findByRole('button', { name: 'Who owns each action item?' })
    first.unmount()

    // The server never answers the session call: the device's copy shows anyway.
    server.use(http.get('/api/v1/chat/session/:id', () => new Promise<never>(() => {})))
    const second = renderApp(`/recordings/${REC}`)
    expect(await screen.findByText('First question', { selector: 'p' })).toBeInTheDocument()
    // Old replies show whole, with their sources, and are not announced again.
    expect(screen.getByRole('button', { name: new RegExp(`^${firstSegment.speakerLabel} ·`) })).toBeInTheDocument()
    expect(document.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement()
    second.unmount()

    // Offline: the network fails, the saved conversation is shown with a note.
    server.use(http.get('/api/v1/chat/session/:id', () => HttpResponse.error()))
    renderApp(`/recordings/${REC}`)
    expect(await screen.findByText('Offline: showing the conversation saved on this device.', {})).toBeInTheDocument()
    expect(screen.getByText('First question', { selector: 'p' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('never sends an empty or whitespace message; Shift+Enter is a new line', async () => {
    let sends = 0
    server.use(http.post(SEND, () => void sends++))
    await openOwner()
    expect(sendButton()).toBeDisabled()
    await userEvent.type(box(), '   {Enter}')
    await userEvent.type(box(), 'line{Shift>}{Enter}{/Shift}')
    expect(box()).toHaveValue('   line\n')
    expect(sends).toBe(0)
  })

  it('a failed send removes the placeholder and adds the error bubble, note and dismissible banner', async () => {
    server.use(
      http.post(SEND, () =>
        HttpResponse.json({ success: false, message: 'x', code: 'AI_UNAVAILABLE' }, { status: 503 }),
      ),
    )
    const { panel } = await openOwner()
    await userEvent.type(box(), 'Hello{Enter}')
    expect(await panel.findByText("Sorry, I couldn't process your request. Please try again.")).toBeInTheDocument()
    expect(panel.getByText('Failed to send message')).toBeInTheDocument()
    expect(panel.queryByRole('img', { name: 'Pocket is typing…' })).not.toBeInTheDocument()
    expect(panel.getByText('Hello')).toBeInTheDocument()
    const banner = panel.getByRole('alert')
    expect(banner).toHaveTextContent('Failed to send message. Please try again.')
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }))
    expect(panel.queryByRole('alert')).not.toBeInTheDocument()
    expect(box()).toBeEnabled()
  })

  it('after a history load failure: the init banner and the fallback chips', async () => {
    server.use(http.get('/api/v1/chat/session/:id', () => HttpResponse.json({ success: false }, { status: 500 })))
    await signInOnServer(alice, { cacheProfile: true })
    renderApp(`/recordings/${REC}`)
    const panel = within(await screen.findByRole('complementary', { name: 'Ask Pocket' }))
    expect(await panel.findByRole('alert')).toHaveTextContent('Failed to initialize chat. Please try again.')
    const chips = within(panel.getByRole('list', { name: 'Suggested questions' })).getAllByRole('button')
    expect(chips.map((c) => c.textContent)).toEqual([
      'Summarize the main points',
      'What was discussed?',
      'Any important decisions made?',
    ])
  })

  it('share-link visitor: chats through the shared endpoints without signing in', async () => {
    const paths: string[] = []
    server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname))
    server.use(http.get('/api/v1/share/shared/recording', () => HttpResponse.json(sharedBody)))
    renderApp('/shared/recording?token=tok')
    const panel = within(await screen.findByRole('complementary', { name: 'Ask Pocket' }))
    await waitFor(() => expect(box()).toBeEnabled())
    await userEvent.click(panel.getByRole('button', { name: 'Follow-up email' }))
    await panel.findByRole('button', { name: 'Who owns each action item?' })
    expect(paths).toContain('/api/v1/chat/message/shared')
    expect(paths).not.toContain('/api/v1/chat/message')
    server.events.removeAllListeners()
  })

  it('visitor whose shared session fails still chats (local placeholder session)', async () => {
    server.use(
      http.get('/api/v1/share/shared/recording', () => HttpResponse.json(sharedBody)),
      http.get('/api/v1/chat/session/:id/shared', () => HttpResponse.json({ success: false }, { status: 500 })),
    )
    renderApp('/shared/recording?token=tok')
    await waitFor(() => expect(box()).toBeEnabled())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await userEvent.type(box(), 'Still there?{Enter}')
    expect(await screen.findByRole('button', { name: 'Who owns each action item?' })).toBeInTheDocument()
  })

  it('without any token: disabled, with the authentication note', () => {
    renderWithProviders(<AskPocket recordingId={REC} />)
    expect(screen.getByText('Authentication required to ask questions about this recording.')).toBeInTheDocument()
    expect(box()).toBeDisabled()
    expect(screen.getByRole('button', { name: 'List to-do' })).toBeDisabled()
  })

  it('without a recording: the empty state, nothing to type into', () => {
    renderWithProviders(<AskPocket recordingId="" />)
    expect(screen.getByRole('heading', { name: 'No recording selected' })).toBeInTheDocument()
    expect(screen.getByText('Please select a recording to start chatting about it.')).toBeInTheDocument()
    expect(screen.queryByPlaceholderText('Ask questions about your chat')).not.toBeInTheDocument()
  })
})
