import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { controlIntersections } from '@/test/intersection'
// The app loads the panel on first open; loaded here, a busy machine's cold import does not outlast findBy's wait.
import '@/features/recordings/filters/FilterPanel'

const DASHBOARD = '/api/v1/recordings/dashboard'
const SEARCH = '/api/v1/recordings/search'

const { sentinelNear } = controlIntersections()

afterEach(() => server.events.removeAllListeners())

async function openList(path: string) {
  await signInOnServer(alice, { cacheProfile: true })
  const view = renderApp(path)
  await screen.findByRole('heading', { level: 1, name: 'Recordings' })
  return view
}

describe('search matches and paging', () => {
  it('shows the matched passage with marked words, links a transcript match to its time, and pages by offset', async () => {
    const offsets: string[] = []
    server.use(
      http.get(SEARCH, ({ request }) => {
        const offset = new URL(request.url).searchParams.get('offset') ?? '0'
        offsets.push(offset)
        if (offset === '0')
          return HttpResponse.json({
            success: true,
            total: 2,
            nextCursor: '1',
            data: [
              {
                id: 'r1',
                title: 'Weekly call',
                recordingAt: '2026-11-05T15:00:00Z',
                match: {
                  field: 'transcript',
                  passage: '<b>not html</b> the zebra café',
                  highlights: [[20, 25]],
                  start_time: 42.7,
                },
              },
            ],
          })
        return HttpResponse.json({
          success: true,
          total: 2,
          nextCursor: null,
          data: [{ id: 'r2', title: 'Zebra notes', recordingAt: '2026-11-04T15:00:00Z' }],
        })
      }),
    )
    await openList('/recordings?q=zebra')
    const link = await screen.findByRole('link', { name: 'Weekly call' })
    expect(link).toHaveAttribute('href', '/recordings/r1?t=42.7')
    const mark = document.querySelector('.rec-row__match mark')
    expect(mark).toHaveTextContent('zebra')
    // The passage is text: markup in it is shown, never parsed.
    expect(document.querySelector('.rec-row__match b')).toBeNull()
    expect(screen.getByText(/<b>not html<\/b>/)).toBeInTheDocument()

    sentinelNear()
    expect(await screen.findByRole('link', { name: 'Zebra notes' })).toBeInTheDocument()
    expect(offsets).toEqual(['0', '1'])
  })
})

describe('filters', () => {
  it('applies "Has summary" to the list from the server, counts it, and clearing returns to the library', async () => {
    const seen: string[] = []
    server.use(
      http.get(DASHBOARD, ({ request }) => {
        const p = new URL(request.url).searchParams
        if (p.get('has_summarization') !== 'true') return undefined // the library's own pages
        seen.push(p.toString())
        return HttpResponse.json({
          success: true,
          data: [{ id: 'sum', title: 'Only summarised', recordingAt: '2026-01-01T00:00:00Z' }],
          nextCursor: null,
        })
      }),
    )
    const { router } = await openList('/recordings')
    expect(await screen.findByRole('link', { name: 'Weekly Product Sync' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Has summary' }))
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(await screen.findByRole('link', { name: 'Only summarised' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Weekly Product Sync' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Filters.*1 on/ })).toBeInTheDocument()
    expect(router.location.search).toBe('?has_summary=1')
    expect(seen.length).toBeGreaterThan(0)

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('link', { name: 'Weekly Product Sync' })).toBeInTheDocument()
    expect(router.location.search).toBe('')
  })

  it('filters by a person named in the library: kept in the URL as ?person=, sent to the dashboard and to search', async () => {
    const sent: string[] = []
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === DASHBOARD || url.pathname === SEARCH)
        sent.push(`${url.pathname}?${url.searchParams.get('person') ?? ''}`)
    })
    const { router } = await openList('/recordings')
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    const person = within(dialog).getByRole('combobox', { name: 'Person' })
    await waitFor(() => expect(within(person).getByRole('option', { name: 'Leo Park' })).toBeInTheDocument())
    expect(within(person).getAllByRole('option')[0]).toHaveTextContent('Anyone')
    await userEvent.selectOptions(person, 'Leo Park')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())

    expect(router.location.search).toBe('?person=Leo+Park')
    expect(screen.getByRole('button', { name: /Filters.*1 on/ })).toBeInTheDocument()
    // The mock server narrows to the fixtures naming Leo Park (02, 04, 13, 18, 25).
    expect(await screen.findByRole('link', { name: 'Sprint 47 Planning' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Weekly Product Sync' })).not.toBeInTheDocument()
    expect(sent).toContain(`${DASHBOARD}?Leo Park`)

    await userEvent.type(screen.getByRole('searchbox'), 'sprint{Enter}')
    await waitFor(() => expect(sent).toContain(`${SEARCH}?Leo Park`))
  })

  it('keeps a person from the URL selected even when the library’s people cannot be loaded', async () => {
    server.use(http.get('/api/v1/people', () => HttpResponse.error()))
    await openList('/recordings?person=Mina%20Ode')
    await userEvent.click(screen.getByRole('button', { name: /Filters/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    const person = within(dialog).getByRole('combobox', { name: 'Person' })
    expect(person).toHaveDisplayValue('Mina Ode')
    expect(await within(dialog).findByText('The people in your library could not be loaded.')).toBeInTheDocument()
  })

  it('refuses an end date before the start date', async () => {
    await openList('/recordings')
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }))
    await screen.findByRole('dialog', { name: 'Filters' })
    await userEvent.type(screen.getByLabelText('From'), '2026-05-10')
    await userEvent.type(screen.getByLabelText('To'), '2026-05-01')
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date must not be before the start date.')
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled()
  })
})
