import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { db } from '@/data/db'
import { enqueue } from '@/data/sync'
import { alice, renderApp, signInOnServer } from '@/test/render'

beforeEach(() => {
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

const SYNC_ICON = { name: 'Waiting to sync' }

describe('the sync icon on list rows', () => {
  it('shows on a recording with an edit waiting that changes nothing on its row (a queued question), and goes when the edit does', async () => {
    await signInOnServer(alice, { cacheProfile: true })
    renderApp('/recordings')
    const link = await screen.findByRole('link', { name: 'Weekly Product Sync' })
    const row = link.closest('.rec-row') as HTMLElement
    expect(within(row).queryByRole('img', SYNC_ICON)).not.toBeInTheDocument()

    const question = await enqueue({
      op: { case: 'askQuestion', value: { recordingId: 'rec_01_weekly_sync', message: 'What was decided?' } },
    })
    expect(await within(row).findByRole('img', SYNC_ICON)).toBeInTheDocument()

    await db.outbox.delete(question.seq)
    await waitFor(() => expect(within(row).queryByRole('img', SYNC_ICON)).not.toBeInTheDocument())
  })
})
