import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { resetChatMocks } from '@/mocks/handlers/chat'
import { chatKeys } from '@/data/chat'
import { db } from '@/data/db'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { openOwnerChat } from './openOwnerChat'

const REC = 'rec_02_one_on_one_leo'
const QUESTION = 'What did Leo promise?'

// The mock sync server applies nothing (mocks/handlers/sync.ts): the question stays queued.
beforeEach(() => resetChatMocks())

const openOwner = () => openOwnerChat(REC)

describe('Ask Pocket without a network (owner)', () => {
  it('queues a question whose send cannot reach the server, shows it pending, and keeps it over a reload', async () => {
    server.use(http.post('/api/v1/chat/message', () => HttpResponse.error()))
    const first = await openOwner()
    await userEvent.type(screen.getByPlaceholderText('Ask questions about your chat'), `${QUESTION}{Enter}`)

    const bubble = (await first.panel.findByText('Waiting for network')).closest('li')!
    expect(within(bubble).getByText(QUESTION)).toBeInTheDocument()
    expect(first.panel.getAllByText(QUESTION)).toHaveLength(1)
    expect(within(bubble).getByRole('img', { name: 'Waiting to sync' })).toBeInTheDocument()
    // Kept for later, not a failure: no error banner nor failure bubble.
    expect(first.panel.queryByRole('alert')).not.toBeInTheDocument()
    expect(first.panel.queryByText("Sorry, I couldn't process your request. Please try again.")).not.toBeInTheDocument()
    const rows = await listOutbox()
    expect(rows.map((r) => readMutation(r)!.op)).toMatchObject([
      { case: 'askQuestion', value: { recordingId: REC, message: QUESTION } },
    ])

    first.app.unmount()
    const again = await openOwner()
    expect(await again.panel.findByText(QUESTION)).toBeInTheDocument()
    expect(again.panel.getByText('Waiting for network')).toBeInTheDocument()
  })

  it('once sync has sent it, the answered history replaces the pending bubble: the question shows once', async () => {
    server.use(http.post('/api/v1/chat/message', () => HttpResponse.error()))
    const { panel, app } = await openOwner()
    await userEvent.type(screen.getByPlaceholderText('Ask questions about your chat'), `${QUESTION}{Enter}`)
    await panel.findByText('Waiting for network')

    // What pushing it does: the server stores the question and its answer, the row leaves the outbox…
    server.resetHandlers()
    await db.outbox.clear()
    // …and the engine refetches the chat history.
    await sendThroughMock(QUESTION)
    await app.queryClient.invalidateQueries({ queryKey: chatKeys.recording(REC) })

    await waitFor(() => expect(panel.queryByText('Waiting for network')).not.toBeInTheDocument())
    await waitFor(() => expect(panel.getAllByText(QUESTION, { selector: 'p' })).toHaveLength(1))
    expect(panel.getAllByRole('listitem').length).toBeGreaterThanOrEqual(2) // the question and its answer
  })
})

/** Stores a question and its answer on the mock chat server, as the real server does when the push is applied. */
async function sendThroughMock(message: string): Promise<void> {
  const { session } = await import('@/data/session')
  const res = await fetch(new URL('/api/v1/chat/message', location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.getIdToken()}` },
    body: JSON.stringify({ recordingId: REC, message }),
  })
  expect(res.ok).toBe(true)
}
