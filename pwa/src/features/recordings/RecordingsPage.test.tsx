import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { formatDayHeading } from '@/data/normalize/recordingDates'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { controlIntersections } from '@/test/intersection'
import { gate, placeStaticCopy } from '@/test/staticCopy'

const DASHBOARD = '/api/v1/recordings/dashboard'
const SEARCH = '/api/v1/recordings/search'

const dashboardAnswers = (status: number, body: JsonBodyType = { success: false, message: 'x' }) =>
  server.use(http.get(DASHBOARD, () => HttpResponse.json(body, { status })))

/** The test says when the sentinel is near. */
const { observers, sentinelNear } = controlIntersections()

async function openList(path = '/recordings') {
  await signInOnServer(alice, { cacheProfile: true })
  const view = renderApp(path)
  // The first test also pays for transforming the lazily loaded screen.
  await screen.findByRole('heading', { level: 1, name: 'Recordings' })
  return view
}

const rowLink = (name: string) => screen.findByRole('link', { name })
/** The whole row of a recording's title link: the link is the title alone. */
const rowOf = async (name: string) => (await rowLink(name)).closest('.rec-row') as HTMLElement

describe('recordings list', () => {
  it('keeps a copy painted from the HTML over the skeleton, and removes it once the rows are drawn', async () => {
    const copyShown = placeStaticCopy()
    const answer = gate()
    server.use(
      // Held, then left to the mock server's own answer.
      http.get(DASHBOARD, async () => {
        await answer.passed
      }),
    )
    await openList()
    expect(copyShown()).toBe(true)
    answer.open()
    expect(await screen.findByRole('link', { name: 'Note: 3.4 release to-dos' })).toBeInTheDocument()
    expect(copyShown()).toBe(false)
  })

  it('groups the first rows under long-form date headings, newest first', async () => {
    await openList()
    expect(await screen.findByRole('link', { name: 'Note: 3.4 release to-dos' })).toHaveAttribute(
      'href',
      '/recordings/rec_26_voice_note_release_checklist',
    )
    const headings = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
    expect(headings[0]).toBe(formatDayHeading(Date.parse('2026-11-19T07:05:00Z')))
    expect(headings).toContain(formatDayHeading(Date.parse('2026-11-17T09:30:00Z')))
  })

  it('shows each row’s duration badge, description, folder and sync icon', async () => {
    await openList()
    const link = await rowLink('Note: 3.4 release to-dos')
    expect(link).toHaveAccessibleName('Note: 3.4 release to-dos')
    expect(link).toHaveAccessibleDescription(/Five things to check before the Dec 1 release\./)
    const row = await rowOf('Note: 3.4 release to-dos')
    expect(within(row).getByText('51 secs')).toBeInTheDocument()
    expect(within(row).getByText('General')).toBeInTheDocument()
    expect(within(row).getByRole('img', { name: 'Waiting to sync' })).toBeInTheDocument()
    const synced = await rowOf('Weekly Product Sync')
    expect(within(synced).getByText('5 min')).toBeInTheDocument()
    expect(within(synced).getByText('Work')).toBeInTheDocument()
    expect(within(synced).queryByRole('img', { name: 'Waiting to sync' })).not.toBeInTheDocument()
  })

  it('shows what IndexedDB holds when the network fails', async () => {
    await db.recordings.put({ id: 'cached', sortKey: '2025-01-01', data: { id: 'cached', title: 'From the device' } })
    server.use(http.get(DASHBOARD, () => HttpResponse.error()))
    await openList()
    expect(await rowLink('From the device')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a row without a title says Untitled Recording', async () => {
    server.use(http.get(DASHBOARD, () => HttpResponse.json({ data: [{ id: 'r1', title: '' }], nextCursor: null })))
    await openList()
    expect(await rowLink('Untitled Recording')).toHaveAttribute('href', '/recordings/r1')
  })

  it.each([
    [401, 'Authentication failed. Please log in again.'],
    [403, 'Access denied. Please check your permissions.'],
    [500, 'Failed to load recordings. Please try again.'],
  ])('%i → "%s", and Retry reloads', async (status, message) => {
    dashboardAnswers(status)
    await openList()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await rowLink('Weekly Product Sync')).toBeInTheDocument()
  })

  it('an unexpected shape says so', async () => {
    dashboardAnswers(200, { recordings: [] })
    await openList()
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format from server')
  })

  it('an empty library points to the device', async () => {
    server.use(http.get(DASHBOARD, () => HttpResponse.json({ data: [], nextCursor: null })))
    await openList()
    expect(await screen.findByText(/Don't have device\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'get yours from here' })).toBeInTheDocument()
  })
})

describe('infinite scroll', () => {
  it('loads the next page by cursor when the sentinel comes near, and stops at the end', async () => {
    const cursors: (string | null)[] = []
    server.use(
      http.get(DASHBOARD, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        cursors.push(cursor)
        const day = cursor ? '2026-01-01' : '2026-02-01'
        const data = [
          { id: cursor ? 'p2' : 'p1', title: cursor ? 'Second page' : 'First page', recordingAt: `${day}T10:00:00Z` },
        ]
        return HttpResponse.json({ data, nextCursor: cursor ? null : 'c2' })
      }),
    )
    await openList()
    await rowLink('First page')
    // As a person scrolls to it: the sentinel is there (it may mount after the rows) when it comes near.
    await waitFor(() => expect(observers.size).toBeGreaterThan(0))
    sentinelNear()
    expect(await rowLink('Second page')).toBeInTheDocument()
    sentinelNear()
    await new Promise((r) => setTimeout(r, 50))
    expect(cursors).toEqual([null, 'c2'])
  })
})

describe('search', () => {
  const results = (body: JsonBodyType, seen?: string[]) =>
    server.use(
      http.get(SEARCH, ({ request }) => {
        seen?.push(new URL(request.url).searchParams.get('q') ?? '')
        return HttpResponse.json(body)
      }),
    )

  it('submits q to the server, shows the results without paging, and clears back to the list', async () => {
    const seen: string[] = []
    results(
      {
        success: true,
        data: [{ id: 'rec_12', title: 'Q4 Budget Review', recordingAt: '2026-11-05T15:00:00Z' }],
        total: 1,
      },
      seen,
    )
    const { router } = await openList()
    await rowLink('Weekly Product Sync')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search recordings' }), 'budget')
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await rowLink('Q4 Budget Review')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Weekly Product Sync' })).not.toBeInTheDocument()
    expect(seen).toEqual(['budget'])
    expect(router.location.search).toBe('?q=budget')
    expect(observers.size).toBe(0) // no sentinel: a search result disables paging

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await rowLink('Weekly Product Sync')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search recordings' })).toHaveValue('')
    expect(router.location.search).toBe('')
  })

  it('says "Try adjusting your search terms" when nothing matches', async () => {
    results({ success: true, data: [], total: 0 })
    await openList('/recordings?q=zebra')
    expect(await screen.findByText('Try adjusting your search terms')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search recordings' })).toHaveValue('zebra')
  })

  it('a failed search says "Search failed. Please try again." and Retry asks again', async () => {
    server.use(http.get(SEARCH, () => HttpResponse.json({ message: 'down' }, { status: 500 })))
    await openList('/recordings?q=budget')
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.')
    results({ success: true, data: [{ id: 'r', title: 'Found it' }], total: 1 })
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await rowLink('Found it')).toBeInTheDocument()
  })

  it('offline, searches the recordings on the device and says so', async () => {
    server.use(http.get(SEARCH, () => HttpResponse.error()))
    await db.recordings.put({
      id: 'dev',
      sortKey: '2026-01-02T00:00:00.000Z',
      data: { id: 'dev', title: 'Budget on the device', recordingAt: '2026-01-02T00:00:00Z' },
    })
    await openList('/recordings?q=budg')
    expect(await screen.findByText('Offline: results from recordings on this device')).toBeInTheDocument()
    expect(await rowLink('Budget on the device')).toBeInTheDocument()
  })

  it('submitting an empty search reloads the whole list from the server', async () => {
    let dashboards = 0
    server.use(
      http.get(DASHBOARD, () => {
        dashboards++
        return HttpResponse.json({
          data: [{ id: 'a', title: 'All of them', recordingAt: '2026-01-01T00:00:00Z' }],
          nextCursor: null,
        })
      }),
    )
    results({ success: true, data: [], total: 0 })
    const { router } = await openList('/recordings?q=x')
    await screen.findByText('Try adjusting your search terms')
    const before = dashboards
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search recordings' }))
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await rowLink('All of them')).toBeInTheDocument()
    await waitFor(() => expect(dashboards).toBeGreaterThan(before))
    expect(router.location.search).toBe('')
  })
})
