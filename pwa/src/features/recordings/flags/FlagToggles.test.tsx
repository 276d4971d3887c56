import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { FlagToggles } from './FlagToggles'
import '@/features/recordings/filters/FilterPanel'

const setFlag = vi.hoisted(() => vi.fn(async () => ({})))
vi.mock('@/data/sync/recordingEdits', () => ({ setFlag }))

afterEach(() => {
  setFlag.mockClear()
  server.events.removeAllListeners()
})

describe('the flag toggles', () => {
  it('are buttons named for what a press does, pressed while the flag is on', () => {
    render(<FlagToggles recordingId="r1" flags={{ starred: false, archived: true }} className="x" />)
    expect(screen.getByRole('button', { name: 'Star' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByRole('button', { name: 'Unarchive' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('toggle from the keyboard (Enter, Space), queue the change and show it at once', async () => {
    const user = userEvent.setup()
    render(<FlagToggles recordingId="r1" flags={{ starred: false, archived: false }} className="x" />)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Star' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(setFlag).toHaveBeenLastCalledWith('r1', 'starred', true)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true'))
    await user.tab()
    await user.keyboard(' ')
    expect(setFlag).toHaveBeenLastCalledWith('r1', 'archived', true)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unarchive' })).toHaveAttribute('aria-pressed', 'true'),
    )
    await user.keyboard(' ')
    expect(setFlag).toHaveBeenLastCalledWith('r1', 'archived', false)
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveAttribute('aria-pressed', 'false')
  })
  it('two quick presses show each press; the answer to the first does not show in between; another device’s change does', async () => {
    const user = userEvent.setup()
    const draw = (archived: boolean) => (
      <FlagToggles recordingId="r1" flags={{ starred: false, archived }} className="x" />
    )
    const { rerender } = render(draw(false))
    const button = screen.getByRole('button', { name: 'Archive' })
    await user.click(button)
    await user.click(button)
    expect(setFlag.mock.calls).toEqual([
      ['r1', 'archived', true],
      ['r1', 'archived', false],
    ])
    expect(button).toHaveAccessibleName('Archive')
    rerender(draw(true)) // the device store answers the first press
    expect(button).toHaveAccessibleName('Archive')
    expect(button).toHaveAttribute('aria-pressed', 'false')
    rerender(draw(false)) // and then the second
    expect(button).toHaveAccessibleName('Archive')
    rerender(draw(true)) // archived on another device
    expect(button).toHaveAccessibleName('Unarchive')
    expect(button).toHaveAttribute('aria-pressed', 'true')
  })
})

describe('the Starred and Archived filters', () => {
  it.each([
    ['Starred', 'starred', '?starred=1'],
    ['Archived', 'archived', '?archived=1'],
  ])('"%s" asks the server for only those, kept in the URL', async (label, param, search) => {
    const sent: string[] = []
    server.use(
      http.get('/api/v1/recordings/dashboard', ({ request }) => {
        const p = new URL(request.url).searchParams
        if (p.get(param) !== 'true') return undefined // the library's own pages
        sent.push(p.toString())
        return HttpResponse.json({
          success: true,
          data: [{ id: 'f1', title: `Only ${param}`, recordingAt: '2026-01-01T00:00:00Z', [param]: true }],
          nextCursor: null,
        })
      }),
    )
    const user = userEvent.setup()
    await signInOnServer(alice, { cacheProfile: true })
    const { router } = renderApp('/recordings')
    await screen.findByRole('heading', { level: 1, name: 'Recordings' })
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    screen.getByRole('checkbox', { name: label }).focus()
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: label })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(await screen.findByRole('link', { name: `Only ${param}` })).toBeInTheDocument()
    expect(router.location.search).toBe(search)
    expect(screen.getByRole('button', { name: /Filters.*1 on/ })).toBeInTheDocument()
    expect(sent.length).toBeGreaterThan(0)
  })

  it('an archived recording a search or a filter finds shows only with "Archived" on', async () => {
    server.use(
      http.get('/api/v1/recordings/search', () =>
        HttpResponse.json({
          success: true,
          total: 2,
          nextCursor: null,
          data: [
            { id: 'kept', title: 'Zebra kept', recordingAt: '2026-01-02T00:00:00Z' },
            { id: 'gone', title: 'Zebra archived', recordingAt: '2026-01-01T00:00:00Z', archived: true },
          ],
        }),
      ),
    )
    await signInOnServer(alice, { cacheProfile: true })
    renderApp('/recordings?q=zebra')
    expect(await screen.findByRole('link', { name: 'Zebra kept' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Zebra archived' })).not.toBeInTheDocument()
  })
})
