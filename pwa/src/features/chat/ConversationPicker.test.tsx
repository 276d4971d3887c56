import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { resetChatMocks } from '@/mocks/handlers/chat'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { openOwnerChat } from './openOwnerChat'

const REC = 'rec_02_one_on_one_leo'
const FIRST = 'What did Leo promise?'
const SECOND = 'Which dates came up?'

beforeEach(() => resetChatMocks())

const openOwner = () => openOwnerChat(REC, 15000)

type Panel = BoundFunctions<typeof queries>

const box = () => screen.getByPlaceholderText('Ask questions about your chat')

/** Asks and waits for the answer (its first words are on screen once revealed). */
async function ask(panel: Panel, text: string) {
  await userEvent.type(box(), `${text}{Enter}`)
  await waitFor(() => expect(panel.queryByRole('img', { name: 'Pocket is typing…' })).not.toBeInTheDocument())
}

/** The current conversation's title (a heading that says it is the current one). */
const titleOf = (panel: Panel, title: string) =>
  panel.getByRole('heading', {
    name: (name: string) => name.replace(/:\s*/, ': ') === `Current conversation: ${title}`,
  })

/** The questions of the conversation shown, in order. */
const questions = (panel: Panel) =>
  Array.from(
    panel.getByRole('list', { name: 'Conversation' }).querySelectorAll('.chat-bubble--user .chat-bubble__text'),
    (p) => p.textContent,
  )

describe('Ask Pocket conversations', () => {
  it('starts a new, empty conversation with the suggestions; switching back shows only the first one’s history', async () => {
    const { panel } = await openOwner()
    await waitFor(() => expect(titleOf(panel, 'New conversation')).toBeInTheDocument()) // the picker loads lazily
    await ask(panel, FIRST)
    expect(titleOf(panel, FIRST)).toBeInTheDocument()

    await userEvent.click(panel.getByRole('button', { name: 'New conversation' }))
    await waitFor(() => expect(questions(panel)).toEqual([]))
    expect(panel.getByRole('button', { name: 'List to-do' })).toBeInTheDocument() // the suggestions again
    await waitFor(() => expect(box()).toHaveFocus())
    await ask(panel, SECOND)
    expect(questions(panel)).toEqual([SECOND])

    const toggle = panel.getByRole('button', { name: 'Conversations' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    const list = await panel.findByRole('list', { name: 'Earlier conversations' })
    const items = within(list).getAllByRole('button')
    // Latest activity first, each with its date; the one shown is current.
    expect(items.map((b) => b.querySelector('.chat-conversations__item-title')?.textContent)).toEqual([SECOND, FIRST])
    expect(items[0]).toHaveAttribute('aria-current', 'true')
    expect(items[1]!.textContent).toMatch(/[A-Z][a-z]{2} \d+, \d+:\d\d/)
    await waitFor(() => expect(items[0]).toHaveFocus())

    await userEvent.tab() // buttons: Tab moves on, Enter picks
    expect(items[1]).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(questions(panel)).toEqual([FIRST]))
    expect(titleOf(panel, FIRST)).toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Conversations' })).toHaveFocus()
  })

  it('Escape closes the list and gives focus back to its button', async () => {
    const { panel } = await openOwner()
    await ask(panel, FIRST)
    await userEvent.click(panel.getByRole('button', { name: 'Conversations' }))
    await panel.findByRole('list', { name: 'Earlier conversations' })
    await userEvent.keyboard('{Escape}')
    expect(panel.queryByRole('list', { name: 'Earlier conversations' })).not.toBeInTheDocument()
    expect(panel.getByRole('button', { name: 'Conversations' })).toHaveFocus()
  })

  it('a question that cannot reach the server is queued for the conversation shown, and shown only there', async () => {
    const { panel } = await openOwner()
    await ask(panel, FIRST)
    await userEvent.click(panel.getByRole('button', { name: 'New conversation' }))
    await waitFor(() => expect(questions(panel)).toEqual([]))
    server.use(http.post('/api/v1/chat/message', () => HttpResponse.error()))
    await userEvent.type(box(), `${SECOND}{Enter}`)
    await panel.findByText('Waiting for network')

    const [row] = await listOutbox()
    const op = readMutation(row!)!.op
    const listed = await (
      await fetch(new URL(`/api/v1/chat/recording/${REC}/sessions`, location.origin), { headers: await authHeader() })
    ).json()
    const newest = (listed as { data: { id: string }[] }).data[0]!.id
    expect(op).toMatchObject({ case: 'askQuestion', value: { recordingId: REC, message: SECOND, sessionId: newest } })

    await userEvent.click(panel.getByRole('button', { name: 'Conversations' }))
    const list = await panel.findByRole('list', { name: 'Earlier conversations' })
    await userEvent.click(within(list).getByText(FIRST))
    await waitFor(() => expect(questions(panel)).toEqual([FIRST]))
    expect(panel.queryByText('Waiting for network')).not.toBeInTheDocument()
  })

  it('a failed start says so and keeps the conversation shown', async () => {
    const { panel } = await openOwner()
    await ask(panel, FIRST)
    server.use(
      http.post(`/api/v1/chat/recording/${REC}/sessions`, () =>
        HttpResponse.json({ success: false, message: 'boom' }, { status: 500 }),
      ),
    )
    await userEvent.click(panel.getByRole('button', { name: 'New conversation' }))
    expect(await panel.findByText('Could not start a new conversation. Please try again.')).toBeInTheDocument()
    expect(questions(panel)).toEqual([FIRST])
  })
})

async function authHeader(): Promise<Record<string, string>> {
  const { session } = await import('@/data/session')
  return { Authorization: `Bearer ${session.getIdToken()}` }
}
