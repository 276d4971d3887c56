import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { http, HttpResponse } from 'msw'
import {
  MutationResultSchema,
  Outcome,
  PushRequestSchema,
  PushResponseSchema,
  type Mutation,
} from '@/gen/pocket/sync/v1/sync_pb'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { enqueue } from '@/data/sync'
import { afterSyncPull } from '@/data/sync/engine'
import { alice, renderApp, signInOnServer } from '@/test/render'

const REC = 'rec_01_weekly_sync'
const TITLE = 'Weekly Product Sync'

/** The mock server's Push, answering each mutation as `answer` says. */
type Answer = { outcome: Outcome; errorCode?: string; errorMessage?: string }
function pushAnswers(answer: (m: Mutation) => Answer | Promise<Answer>) {
  const received: Mutation[] = []
  server.use(
    http.post('*/pocket.sync.v1.SyncService/Push', async ({ request }) => {
      const push = fromBinary(PushRequestSchema, new Uint8Array(await request.arrayBuffer()))
      received.push(...push.mutations)
      const results = await Promise.all(
        push.mutations.map(async (m) =>
          create(MutationResultSchema, { idempotencyKey: m.idempotencyKey, ...(await answer(m)) }),
        ),
      )
      const body = toBinary(PushResponseSchema, create(PushResponseSchema, { results }))
      return new HttpResponse(body.slice().buffer, { headers: { 'Content-Type': 'application/proto' } })
    }),
  )
  return received
}

let online = true
beforeEach(() => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return []
      }
    },
  )
})
afterEach(() => vi.restoreAllMocks())

/**
 * The list, once sync has started and made its first pull: the engine's start
 * flushes whatever is queued, so an edit queued "offline" before it started
 * would be sent by that start (this test's offline is navigator.onLine alone:
 * the mock server still answers).
 */
async function openList() {
  await signInOnServer(alice, { cacheProfile: true })
  let forget = () => {}
  const firstPull = new Promise<void>((resolve) => (forget = afterSyncPull(() => resolve())))
  const app = renderApp('/recordings')
  await screen.findByRole('link', { name: TITLE })
  await firstPull
  forget()
  return app
}
const syncStatus = () => screen.getByRole('status', { name: '', hidden: false })
const rename = (title: string) => enqueue({ op: { case: 'updateRecording', value: { id: REC, title } } })

describe('sync status in the shell', () => {
  it('says nothing while everything is saved', async () => {
    await openList()
    expect(syncStatus()).toBeEmptyDOMElement()
    expect(screen.queryByRole('button', { name: /not saved/ })).not.toBeInTheDocument()
  })

  it('offline: how many changes wait; back online: they are sent and the status empties', async () => {
    const received = pushAnswers(() => ({ outcome: Outcome.APPLIED }))
    await openList()
    online = false
    act(() => void window.dispatchEvent(new Event('offline')))
    await rename('One')
    await enqueue({ op: { case: 'askQuestion', value: { recordingId: REC, message: 'Why?' } } })
    await waitFor(() => expect(syncStatus()).toHaveTextContent('Offline · 2 changes waiting'))
    expect(syncStatus()).toHaveAttribute('aria-live', 'polite')

    online = true
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(syncStatus()).toBeEmptyDOMElement())
    expect(received).toHaveLength(2)
  })

  it('“Saving changes…” while an edit is on its way', async () => {
    let release = () => {}
    pushAnswers(() => new Promise<Answer>((resolve) => (release = () => resolve({ outcome: Outcome.RETRY }))))
    await openList()
    await rename('One')
    await waitFor(() => expect(syncStatus()).toHaveTextContent('Saving changes…'))
    release()
  })

  it('an unreachable server: the edits wait, and the status says why', async () => {
    server.use(http.post('*/pocket.sync.v1.SyncService/Push', () => HttpResponse.error()))
    await openList()
    await rename('One')
    await waitFor(() => expect(syncStatus()).toHaveTextContent('Can’t reach the server · 1 change waiting'))
  })
})

describe('where the status is', () => {
  it('in the top bar on a phone, in the sidebar beside the page on a wide screen: one at a time', async () => {
    const q = { matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => q),
    )
    const phone = await openList()
    expect(within(screen.getByRole('banner')).getByRole('status')).toBeInTheDocument()
    phone.unmount()

    q.matches = true
    await openList()
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('status')).toBeInTheDocument()
    expect(within(screen.getByRole('banner')).queryByRole('status')).not.toBeInTheDocument()
  })
})

describe('sync problems', () => {
  const refuse = () =>
    pushAnswers(() => ({ outcome: Outcome.REJECTED, errorCode: 'INVALID_ARGUMENT', errorMessage: 'Title is too long' }))

  it('a refusal is announced, listed with its reason, and Discard brings the server’s version back', async () => {
    const user = userEvent.setup()
    refuse()
    await openList()
    await rename('Mine')
    expect(await screen.findByRole('link', { name: 'Mine' })).toBeInTheDocument()

    expect(await screen.findByRole('alert')).toHaveTextContent(`Not saved: Rename of “${TITLE}”. Title is too long`)
    // The status reads the outbox itself: it may say so a moment after the announcement.
    const open = await screen.findByRole('button', { name: '1 change not saved' })
    await user.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Changes not saved' })
    const item = within(dialog).getByRole('listitem', { name: `Rename of “${TITLE}”` })
    expect(item).toHaveAccessibleDescription('Title is too long')

    await user.click(within(item).getByRole('button', { name: 'Discard' }))
    expect(await within(dialog).findByText('All changes are saved.')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: TITLE })).toBeInTheDocument()
    expect(await db.outbox.count()).toBe(0)

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /not saved/ })).not.toBeInTheDocument()
  })

  it('Retry sends the refused edit again; once applied it leaves the list', async () => {
    const user = userEvent.setup()
    let accept = false
    const received = pushAnswers(() =>
      accept ? { outcome: Outcome.APPLIED } : { outcome: Outcome.REJECTED, errorMessage: 'Busy, try later' },
    )
    await openList()
    await rename('Mine')
    await user.click(await screen.findByRole('button', { name: '1 change not saved' }))
    const dialog = await screen.findByRole('dialog', { name: 'Changes not saved' })
    accept = true
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByText('All changes are saved.')).toBeInTheDocument()
    expect(received).toHaveLength(2)
    // A new key: the server answers a refused key with the same refusal.
    expect(received[1]!.idempotencyKey).not.toBe(received[0]!.idempotencyKey)
  })

  it('the problems button is reachable by keyboard and focus returns to it when the list closes', async () => {
    const user = userEvent.setup()
    refuse()
    await openList()
    await rename('Mine')
    const open = await screen.findByRole('button', { name: '1 change not saved' })
    open.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Changes not saved' })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(open).toHaveFocus())
  })

  it('refusals already there when the app opens are listed but not announced again', async () => {
    await db.outbox.add({
      key: 'k-old',
      createdAt: 1,
      kind: 'folder',
      entityId: 'f-new',
      mutation: { idempotencyKey: 'k-old', createFolder: { id: 'f-new', name: 'Ideas' } },
      status: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      error: { code: 'FOLDER_EXISTS', message: 'A folder with this name exists' },
    })
    await openList()
    expect(await screen.findByRole('button', { name: '1 change not saved' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
