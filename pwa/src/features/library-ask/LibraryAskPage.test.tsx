import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { alice, renderApp, signInOnServer } from '@/test/render'

/**
 * A library conversation reopened (from the picker, or by a reload of
 * /ask?c=) shows the scope its latest question was asked in, with names
 * read from the device; a new conversation keeps the scope on screen.
 */
const SCOPED = {
  id: 's-orchard',
  title: 'What did we decide on the orchard?',
  updatedAt: '2026-11-03T10:00:00Z',
  metadata: {
    scope: {
      folderId: 'f-work',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-30T23:59:59.999Z',
      speakers: ['Tom Becker'],
      recordingIds: ['r-orchard', 'r-gone'],
    },
  },
}
const WHOLE = { id: 's-all', title: 'Anything open?', updatedAt: '2026-11-02T10:00:00Z', metadata: {} }

beforeEach(async () => {
  server.use(
    http.get('/api/v1/chat/library/sessions', () => HttpResponse.json({ success: true, data: [SCOPED, WHOLE] })),
    http.get('/api/v1/chat/session/:id/messages', () => HttpResponse.json({ success: true, data: [] })),
    http.get('/api/v1/chat/library/suggestions', () => HttpResponse.json({ success: true, data: { suggestions: [] } })),
  )
  await db.folders.put({ id: 'f-work', name: 'Work', parentId: '', createdAtMs: 0 })
  await db.recordings.put({
    id: 'r-orchard',
    sortKey: '2026-11-02',
    data: { id: 'r-orchard', title: 'Orchard planning' },
  })
})

const chips = async () =>
  within(await screen.findByRole('list', { name: 'Asking only:' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''))

describe('Ask about all recordings: a reopened conversation’s scope', () => {
  it('shows the scope of a conversation opened by its address, and none for one asked of everything', async () => {
    await signInOnServer(alice, { cacheProfile: true })
    const user = userEvent.setup()
    renderApp('/ask?c=s-orchard')
    await waitFor(async () =>
      expect(await chips()).toEqual([
        'Folder: Work',
        'From 2026-11-01',
        'To 2026-11-30',
        'Speaker: Tom Becker',
        'Recording: Orchard planning',
        // A recording this device does not hold keeps its place in the scope.
        'Recording: Untitled Recording',
      ]),
    )
    expect(screen.getByRole('button', { name: 'Scope, 6 set' })).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Conversation' }), 'Anything open?')
    expect(await screen.findByText('Asking all recordings.')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Conversation' }), SCOPED.title)
    expect(await screen.findByRole('button', { name: 'Scope, 6 set' })).toBeInTheDocument()
    // A new conversation starts from the scope on screen.
    await user.click(screen.getByRole('button', { name: 'New conversation' }))
    expect(screen.getByRole('button', { name: 'Scope, 6 set' })).toBeInTheDocument()
  })
})
