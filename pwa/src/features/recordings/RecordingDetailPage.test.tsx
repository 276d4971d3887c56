import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { formatShortDateTime } from '@/data/normalize/recordingDates'
import { fixtureFiles } from '@/mocks/fixtures'
import { alice, renderApp, signInOnServer } from '@/test/render'

const DETAIL = '/api/v1/recordings/:id'
const file = (id: string) =>
  fixtureFiles().find((f) => f.recording.id === id && !String(f.recording.title).includes('first sync'))

let views: string[] = []
beforeEach(() => {
  views = []
  server.use(
    http.get(DETAIL, ({ params }) => {
      const f = file(String(params.id))
      return f
        ? HttpResponse.json({ success: true, data: f })
        : HttpResponse.json({ message: 'Not found' }, { status: 404 })
    }),
    http.post('/api/v1/recordings/:id/view', ({ params }) => {
      views.push(String(params.id))
      return HttpResponse.json({ success: true })
    }),
  )
})

function phone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

async function open(id: string) {
  await signInOnServer(alice, { cacheProfile: true })
  return renderApp(`/recordings/${id}`)
}

describe('detail screen (desktop)', () => {
  it('shows the header: title, From {owner} when shared, date pill, description', async () => {
    await open('rec_16_roadmap_2027_shared')
    expect(await screen.findByRole('heading', { level: 1, name: '2027 Roadmap Preview' })).toBeInTheDocument()
    expect(screen.getByText('From Marcus Lee')).toBeInTheDocument()
    expect(screen.getByText(formatShortDateTime(Date.parse('2026-10-20T16:00:00Z')))).toBeInTheDocument()
    expect(screen.getByText(/Marcus's first look at the 2027 roadmap/)).toBeInTheDocument()
    // Someone else's recording: only owners share.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
  })

  it('offers Share to the owner, and no owner pill', async () => {
    await open('rec_01_weekly_sync')
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument()
    expect(screen.queryByText(/^From /)).not.toBeInTheDocument()
  })

  it('marks an opened recording so the offline budget keeps it on the device', async () => {
    await open('rec_01_weekly_sync')
    await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })
    await waitFor(async () =>
      expect((await db.details.get('rec_01_weekly_sync'))?.openedAt).toEqual(expect.any(Number)),
    )
  })

  it('opens on Summary; four top tabs; Ask Pocket is a side panel', async () => {
    await open('rec_16_roadmap_2027_shared')
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Summary', 'Actionable', 'Mind map', 'Transcription'])
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Summary' })).toHaveTextContent(/Three themes/)
    expect(screen.getByRole('complementary', { name: 'Ask Pocket' })).toBeInTheDocument()
  })

  it('a link to a passage (?t= seconds) opens the Transcription tab with that line highlighted; another tab drops it', async () => {
    await open('rec_09_consult_knee?t=100')
    const tab = await screen.findByRole('tab', { name: 'Transcription' })
    expect(tab).toHaveAttribute('aria-selected', 'true')
    const current = await waitFor(() => {
      const li = screen.getByRole('tabpanel', { name: 'Transcription' }).querySelector('li[aria-current="true"]')
      expect(li).not.toBeNull()
      return li as HTMLElement
    })
    expect(current).toBeVisible()
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }))
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true')
    expect(window.location.search).not.toContain('t=')
  })

  it('follows the WAI-ARIA tabs pattern: arrows, Home, End; one tab stop', async () => {
    await open('rec_16_roadmap_2027_shared')
    const summary = await screen.findByRole('tab', { name: 'Summary' })
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([summary])
    summary.focus()
    await userEvent.keyboard('{ArrowRight}')
    const actionable = screen.getByRole('tab', { name: 'Actionable' })
    expect(actionable).toHaveFocus()
    expect(actionable).toHaveAttribute('aria-selected', 'true')
    // A tab pressed before its code has come shows it in its panel when it comes; the tabs stay.
    await waitFor(() =>
      expect(screen.getByRole('tabpanel', { name: 'Actionable' })).toHaveTextContent(
        'Send feedback on the 2027 roadmap draft',
      ),
    )
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Transcription' })).toHaveFocus()
    await waitFor(() =>
      expect(screen.getByRole('tabpanel', { name: 'Transcription' })).toHaveTextContent(
        /first look at the 2027 roadmap for Harbor/,
      ),
    )
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}{Home}')
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true')
  })

  it('switches panels within the click, not in a later render (the next frame shows the tab)', async () => {
    await open('rec_16_roadmap_2027_shared')
    const mindMap = await screen.findByRole('tab', { name: 'Mind map' })
    // A bare click outside act(), which would flush any pending render: a tab switch left to a
    // transition would still show Summary right after the dispatch.
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false)
    mindMap.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(mindMap).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'Mind map' })).toBeVisible()
  })

  it('tracks one view after the load, and ignores a failing view call', async () => {
    await open('rec_02_one_on_one_leo')
    await screen.findByRole('heading', { level: 1, name: '1:1 with Leo' })
    await waitFor(() => expect(views).toEqual(['rec_02_one_on_one_leo']))

    server.use(http.post('/api/v1/recordings/:id/view', () => HttpResponse.json({ message: 'x' }, { status: 500 })))
    await userEvent.click(screen.getByRole('tab', { name: 'Actionable' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the copy on the device when the network fails, and tracks no view', async () => {
    const f = file('rec_05_customer_call_northwind')!
    await db.details.put({ id: f.recording.id, fetchedAt: 1, data: f })
    server.use(http.get(DETAIL, () => HttpResponse.error()))
    await open(f.recording.id)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Northwind Logistics – Quarterly Check-in' }),
    ).toBeInTheDocument()
    expect(views).toEqual([])
  })
})

describe('detail load errors', () => {
  it.each([
    [404, 'Recording Not Found', 'This recording may have been deleted or you do not have access to it.'],
    [403, 'Access Denied', 'You do not have permission to view this recording.'],
    [401, 'Authentication Required', 'Please sign in to view this recording.'],
    [500, 'Error Loading Recording', 'Failed to load recording'],
  ])('%i → %s', async (status, title, message) => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ success: false, message: 'x' }, { status })))
    await open('rec_01_weekly_sync')
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: 'Back to recordings' })).toHaveAttribute('href', '/recordings')
    expect(views).toEqual([])
  })

  it('a response without a recording is No Data', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ success: true, data: { recording: null } })))
    await open('rec_01_weekly_sync')
    expect(await screen.findByRole('heading', { level: 1, name: 'No Data' })).toBeInTheDocument()
    expect(screen.getByText('Unable to load recording data.')).toBeInTheDocument()
  })

  it('a 404 wins over the copy on the device (deleted elsewhere)', async () => {
    const f = file('rec_01_weekly_sync')!
    await db.details.put({ id: f.recording.id, fetchedAt: 1, data: f })
    server.use(http.get(DETAIL, () => HttpResponse.json({ message: 'gone' }, { status: 404 })))
    await open(f.recording.id)
    expect(await screen.findByRole('heading', { level: 1, name: 'Recording Not Found' })).toBeInTheDocument()
    expect(await db.details.get(f.recording.id)).toBeUndefined()
  })

  it('a delete from another device reaching the open screen (its copy removed by a pull) asks the server and says Not Found', async () => {
    await open('rec_01_weekly_sync')
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
    server.use(http.get(DETAIL, () => HttpResponse.json({ message: 'gone' }, { status: 404 })))
    await db.details.delete('rec_01_weekly_sync')
    expect(await screen.findByRole('heading', { level: 1, name: 'Recording Not Found' })).toBeInTheDocument()
  })

  it('Retry after a server error loads the recording', async () => {
    server.use(http.get(DETAIL, () => HttpResponse.json({ message: 'x' }, { status: 503 }), { once: true }))
    await open('rec_01_weekly_sync')
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
  })
})

describe('detail screen (phone)', () => {
  it('has a bottom tab bar of seven (Highlights and Notes for the owner); Ask Pocket hides the header', async () => {
    phone()
    await open('rec_01_weekly_sync')
    await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })
    const bar = screen.getByRole('tablist', { name: 'Recording' })
    expect(
      within(bar)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Summary', 'Actionable', 'Mind map', 'Transcript', 'Highlights', 'Notes', 'Ask Pocket'])
    expect(screen.queryByRole('complementary', { name: 'Ask Pocket' })).not.toBeInTheDocument()
    await userEvent.click(within(bar).getByRole('tab', { name: 'Ask Pocket' }))
    expect(screen.queryByRole('heading', { level: 1, name: 'Weekly Product Sync' })).not.toBeInTheDocument()
    await userEvent.click(within(bar).getByRole('tab', { name: 'Transcript' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
  })
})
