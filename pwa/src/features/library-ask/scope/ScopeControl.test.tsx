import { describe, expect, it } from 'vitest'
import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { db } from '@/data/db'
import { renderWithProviders } from '@/test/render'
import { ScopeControl } from './ScopeControl'
import { toLibraryScope, WHOLE_LIBRARY, type UiScope } from './scope'
// The page loads the picker on first open; loaded here, a busy machine's cold import does not outlast findBy's wait.
import './ScopePicker'

function Harness({ seen }: { seen: UiScope[] }) {
  const [scope, setScope] = useState<UiScope>(WHOLE_LIBRARY)
  return (
    <ScopeControl
      scope={scope}
      onChange={(next) => {
        seen.push(next)
        setScope(next)
      }}
    />
  )
}

async function seedLibrary() {
  server.use(
    http.get('/api/v1/people', () =>
      HttpResponse.json({
        data: [
          { name: 'Priya Raman', recordings: 3 },
          { name: 'Tom Becker', recordings: 2 },
        ],
      }),
    ),
  )
  await db.folders.bulkPut([
    { id: 'f-work', name: 'Work', parentId: '', createdAtMs: 0 },
    { id: 'f-home', name: 'Home', parentId: '', createdAtMs: 0 },
  ])
  await db.recordings.bulkPut([
    { id: 'r-orchard', sortKey: '2026-11-02', data: { id: 'r-orchard', title: 'Orchard planning' } },
    { id: 'r-harbour', sortKey: '2026-11-03', data: { id: 'r-harbour', title: 'Harbour crew meeting' } },
  ])
}

describe('the Scope control on Ask about all recordings', () => {
  it('picks a folder, dates, a speaker and a recording, shows each as a chip and removes them from the keyboard', async () => {
    await seedLibrary()
    const seen: UiScope[] = []
    const user = userEvent.setup()
    renderWithProviders(<Harness seen={seen} />)
    expect(screen.getByText('Asking all recordings.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Scope' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask only part of your library' })
    await user.selectOptions(
      within(dialog).getByLabelText('Folder'),
      await within(dialog).findByRole('option', { name: 'Work' }),
    )
    await user.type(within(dialog).getByLabelText('From'), '2026-11-01')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Tom Becker' }))
    await user.type(within(dialog).getByLabelText('Find a recording'), 'harbour')
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Orchard planning' })).toBeNull())
    await user.click(within(dialog).getByRole('checkbox', { name: 'Harbour crew meeting' }))
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))

    expect(screen.queryByRole('dialog')).toBeNull()
    const chips = screen.getByRole('list', { name: 'Asking only:' })
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '')),
    ).toEqual(['Folder: Work', 'From 2026-11-01', 'Speaker: Tom Becker', 'Recording: Harbour crew meeting'])
    expect(toLibraryScope(seen.at(-1)!)).toEqual({
      folderId: 'f-work',
      from: '2026-11-01',
      to: undefined,
      speakers: ['Tom Becker'],
      recordingIds: ['r-harbour'],
    })
    expect(screen.getByRole('button', { name: 'Scope, 4 set' })).toBeInTheDocument()

    // Removing a chip from the keyboard keeps the focus on the page.
    screen.getByRole('button', { name: 'Remove Folder: Work' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.queryByText('Folder: Work')).toBeNull()
    expect(screen.getByRole('button', { name: 'Scope, 3 set' })).toHaveFocus()
    expect(seen.at(-1)?.folder).toBeNull()

    // "Ask all recordings" clears the whole scope.
    await user.click(screen.getByRole('button', { name: 'Scope, 3 set' }))
    await user.click(await screen.findByRole('button', { name: 'Ask all recordings' }))
    expect(seen.at(-1)).toEqual(WHOLE_LIBRARY)
    expect(screen.getByText('Asking all recordings.')).toBeInTheDocument()
  })

  it('refuses an end date before the start date and keeps the scope as it was', async () => {
    await seedLibrary()
    const seen: UiScope[] = []
    const user = userEvent.setup()
    renderWithProviders(<Harness seen={seen} />)
    await user.click(screen.getByRole('button', { name: 'Scope' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('From'), '2026-11-10')
    await user.type(within(dialog).getByLabelText('To'), '2026-11-01')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The end date must not be before the start date.')
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(seen).toEqual([])
  })
})
