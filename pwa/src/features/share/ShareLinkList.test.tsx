import { beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { session } from '@/data/session'
import { alice, renderWithProviders, signInOnServer } from '@/test/render'
import { ShareDialog } from './ShareDialog'

beforeEach(async () => {
  await signInOnServer(alice, { cacheProfile: true })
  session.setIdToken('signed-in')
})

describe("the recording's share links", () => {
  it('lists a clip by its highlight’s range and revokes it by id', async () => {
    const revoked: string[] = []
    let revokedAt: string | undefined
    server.use(
      http.get('/api/v1/recordings/rec1/shares', () =>
        HttpResponse.json({
          success: true,
          data: [
            {
              id: 'c1',
              hint: 'ptok',
              recordingId: 'rec1',
              highlightId: 'hl1',
              createdAt: '2026-11-20T09:00:00Z',
              expiresAt: null,
              allowDownload: false,
              views: 0,
              lastViewedAt: null,
              ...(revokedAt ? { revokedAt } : {}),
            },
            { id: 'l1', hint: 'abcd', recordingId: 'rec1', createdAt: '2026-11-19T09:00:00Z', expiresAt: null },
          ],
        }),
      ),
      http.get('/api/v1/recordings/rec1/highlights', () =>
        HttpResponse.json({ data: [{ id: 'hl1', recordingId: 'rec1', start: 723.2, end: 761.9, text: 'x' }] }),
      ),
      http.delete('/api/v1/share/:id', ({ params }) => {
        revoked.push(String(params.id))
        revokedAt = new Date().toISOString()
        return HttpResponse.json({ success: true })
      }),
    )
    renderWithProviders(<ShareDialog recordingId="rec1" title="Planning" onClose={() => undefined} />)
    const list = await screen.findByRole('list', { name: 'Share links' })
    const [clip, link] = within(list).getAllByRole('listitem')
    expect(await within(clip!).findByText('Clip 12:03–12:41 ·')).toBeInTheDocument()
    expect(clip).toHaveTextContent('No download')
    expect(link).not.toHaveTextContent('Clip')
    await userEvent.click(within(clip!).getByRole('button', { name: /^Revoke clip 12:03–12:41 created/ }))
    expect(await within(clip!).findByText(/Revoked/)).toBeInTheDocument()
    expect(revoked).toEqual(['c1'])
  })
})
