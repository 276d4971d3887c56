import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { mergeDuplicates } from '@/data/recordings'
import { fixtureRecordings } from '@/mocks/fixtures'
import { alice, renderApp, signInOnServer } from '@/test/render'

const dashboardFails = (status: number, body: JsonBodyType = { success: false, message: 'x' }) =>
  server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.json(body, { status })))

async function openList() {
  await signInOnServer(alice, { cacheProfile: true })
  renderApp('/recordings')
  return screen.findByRole('heading', { name: 'Recordings' })
}

describe('recordings placeholder list', () => {
  it('shows the dashboard titles (fixtures through MSW), newest first', async () => {
    await openList()
    // The first page as the server sends it, duplicates merged (spec §5).
    const expected = mergeDuplicates(fixtureRecordings().slice(0, 20))
    const list = await screen.findByRole('list')
    const links = within(list).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(expected.map((r) => r.title || 'Untitled Recording'))
  })

  it('shows what IndexedDB holds when the network fails', async () => {
    await db.recordings.put({ id: 'cached', sortKey: '2025-01-01', data: { id: 'cached', title: 'From the device' } })
    server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.error()))
    await openList()
    expect(await screen.findByRole('link', { name: 'From the device' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a row without a title says Untitled Recording', async () => {
    server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.json({ data: [{ id: 'r1', title: '' }], nextCursor: null })))
    await openList()
    expect(await screen.findByRole('link', { name: 'Untitled Recording' })).toHaveAttribute('href', '/recordings/r1')
  })

  it.each([
    [401, 'Authentication failed. Please log in again.'],
    [403, 'Access denied. Please check your permissions.'],
    [500, 'Failed to load recordings. Please try again.'],
  ])('%i → "%s", with Retry', async (status, message) => {
    dashboardFails(status)
    await openList()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    server.resetHandlers()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('list')).toBeInTheDocument()
  })

  it('an unexpected shape says so', async () => {
    dashboardFails(200, { recordings: [] })
    await openList()
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format from server')
  })

  it('an empty library points to the device', async () => {
    server.use(http.get('/api/v1/recordings/dashboard', () => HttpResponse.json({ data: [], nextCursor: null })))
    await openList()
    expect(await screen.findByText(/Don't have device\?/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'get yours from here' })).toBeInTheDocument()
  })
})
