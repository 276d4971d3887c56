import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '@/data/db'
import { listOutbox } from '@/data/sync'
import { readMutation, type MutationOp } from '@/data/sync/mutation'
import { alice, renderApp, signInOnServer } from '@/test/render'

const OWN = 'rec_01_weekly_sync'
// The mock sync server applies nothing (mocks/handlers/sync.ts): every edit stays queued, as offline.

async function queued(): Promise<MutationOp[]> {
  return (await listOutbox()).map((row) => readMutation(row)!.op).filter((op) => op.case.endsWith('Highlight'))
}

async function openTranscript() {
  await signInOnServer(alice, { cacheProfile: true })
  const app = renderApp(`/recordings/${OWN}?tab=transcription`)
  await screen.findByRole('heading', { level: 1 })
  await screen.findByText(/Daniel, do you want to start with the release/)
  return app
}

/** Selects from `from` in one line's words to the end of `to` in a later one, as a drag or Shift+arrows end. */
function select(from: string, to: string) {
  const textOf = (phrase: string) => {
    const p = [...document.querySelectorAll('.transcript__text')].find((el) => el.textContent.includes(phrase))!
    const node = p.firstChild!.nodeType === Node.TEXT_NODE ? p.firstChild! : p.firstChild!.firstChild!
    return { node, at: node.textContent!.indexOf(phrase) }
  }
  const a = textOf(from)
  const b = textOf(to)
  const range = document.createRange()
  range.setStart(a.node, a.at)
  range.setEnd(b.node, b.at + to.length)
  act(() => {
    const selection = window.getSelection()!
    selection.removeAllRanges()
    selection.addRange(range)
    document.dispatchEvent(new Event('selectionchange'))
  })
}

async function highlightTwoLines(note: string) {
  // The highlighter's code loads after the transcript has drawn (and draws its lines anew): select once it is there.
  const bar = await waitFor(() => {
    select('do you want', 'short version')
    return screen.getByRole('region', { name: 'Highlight the selection' })
  })
  expect(bar).toHaveTextContent('2 lines selected, 0:15–0:30')
  await userEvent.click(within(bar).getByRole('button', { name: 'Highlight' }))
  const box = within(bar).getByRole('textbox', { name: 'Note (optional)' })
  expect(box).toHaveFocus()
  if (note) await userEvent.type(box, note)
  await userEvent.click(within(bar).getByRole('button', { name: 'Save highlight' }))
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Highlight the selection' })).toBeNull())
}

describe('highlighting the transcript (owner, offline)', () => {
  it('a selection shows the Highlight bar; saving queues the lines’ range and marks them, with a button that opens it', async () => {
    await openTranscript()
    expect(screen.queryByRole('button', { name: 'Highlight' })).toBeNull()
    await highlightTwoLines('Release slips')

    const [op] = await queued()
    expect(op).toMatchObject({
      case: 'createHighlight',
      value: { recordingId: OWN, start: 15.87, end: 30.59, note: 'Release slips' },
    })
    const stored = await db.highlights.toArray()
    expect(stored[0]!.text).toMatch(/^Daniel, do you want to start with the release\? Sure\. So the short version/)

    await waitFor(() => expect(document.querySelectorAll('.transcript mark')).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Highlight at 0:15: Release slips' }))
    const item = await screen.findByRole('listitem', { name: 'Highlight at 0:15' })
    await waitFor(() => expect(item).toHaveFocus())
    expect(screen.getByRole('tab', { name: 'Highlights' })).toHaveAttribute('aria-selected', 'true')
  })

  it('refuses a note past 2,000 characters, saying so, and Cancel saves nothing', async () => {
    await openTranscript()
    const bar = await waitFor(() => {
      select('do you want', 'short version')
      return screen.getByRole('region', { name: 'Highlight the selection' })
    })
    await userEvent.click(within(bar).getByRole('button', { name: 'Highlight' }))
    const box = within(bar).getByRole('textbox', { name: 'Note (optional)' })
    await userEvent.click(box)
    await userEvent.paste('x'.repeat(2001))
    expect(bar).toHaveTextContent('The note is 2001 characters; 2000 at most')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(within(bar).getByRole('button', { name: 'Save highlight' })).toBeDisabled()
    await userEvent.click(within(bar).getByRole('button', { name: 'Cancel' }))
    expect(await queued()).toEqual([])
  })
})

describe('the Highlights tab', () => {
  it('says how to make one, then lists it; the note is edited in place and a delete can be undone', async () => {
    await openTranscript()
    await userEvent.click(screen.getByRole('tab', { name: 'Highlights' }))
    expect(await screen.findByText('No highlights yet')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
    await highlightTwoLines('')
    await userEvent.click(screen.getByRole('tab', { name: 'Highlights' }))
    const item = await screen.findByRole('listitem', { name: 'Highlight at 0:15' })
    expect(item).toHaveTextContent(/0:15–0:30/)
    expect(item).toHaveTextContent(/Speaker 1, Speaker 2|Daniel/)

    await userEvent.click(within(item).getByRole('button', { name: 'Add note' }))
    const box = within(item).getByRole('textbox', { name: 'Note' })
    expect(box).toHaveFocus()
    await userEvent.type(box, 'Ask Tom')
    await userEvent.click(within(item).getByRole('button', { name: 'Save note' }))
    // Saved, the editor closes in the same item (whose textarea also holds the words: wait for it to go),
    // the note shows as its text, and the focus is back on the item's Edit note.
    await waitFor(() => expect(within(item).queryByRole('textbox', { name: 'Note' })).toBeNull())
    expect(item).toBeInTheDocument()
    expect(within(item).getByText('Ask Tom')).toHaveClass('highlight__note')
    expect(within(item).getByRole('button', { name: 'Edit note' })).toHaveFocus()
    await waitFor(async () =>
      expect((await queued()).map((op) => op.case)).toEqual(['createHighlight', 'updateHighlight']),
    )

    // The actions row each highlight has (where Share clip goes later).
    const actions = within(item).getByRole('group', { name: 'Actions of the highlight at 0:15' })
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('No highlights yet')).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('listitem', { name: 'Highlight at 0:15' })).toHaveTextContent('Ask Tom')
  })
})

describe('the /highlights page', () => {
  it('lists the library’s highlights newest first, searchable, filtered by speaker, each linking to its recording at its time', async () => {
    const recording = await openTranscript()
    await highlightTwoLines('Release slips')
    recording.unmount()
    // The list's rows come from sync, which the mock server leaves empty: the recording's row as a pull stores it.
    const data = { id: OWN, title: 'Weekly Product Sync', createdAt: '2026-01-01T10:00:00Z' }
    await db.recordings.put({ id: OWN, sortKey: data.createdAt, data, folderId: '' })
    const [first] = await db.highlights.toArray()
    await db.highlights.put({
      ...first!,
      id: 'h-newer',
      text: 'Hiring: two backend roles',
      note: '',
      speakers: ['Maya'],
      createdAtMs: first!.createdAtMs + 1,
    })

    const app = renderApp('/highlights')
    const list = await screen.findByRole('list', { name: 'Highlights' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Hiring: two backend roles')
    expect(items[1]).toHaveTextContent('Release slips')
    expect(items[1]).toHaveTextContent('Weekly Product Sync')

    const search = screen.getByRole('searchbox', { name: 'Search highlights' })
    await userEvent.type(search, 'RELEASE')
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    await userEvent.clear(search)
    await userEvent.type(search, 'nothing says this')
    expect(await screen.findByText('No highlights match')).toBeInTheDocument()
    await userEvent.clear(search)

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Speaker' }), 'Maya')
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Highlight at 0:15' })).toHaveLength(1))
    const link = screen.getByRole('link', { name: /at 0:15$/ })
    expect(link).toHaveAttribute('href', `/recordings/${OWN}?t=15.87`)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Speaker' }), 'All speakers')

    // The folder filter reads the recording's folder as it is now: filed in Work, its highlights follow it.
    const folder = screen.getByRole('combobox', { name: 'Folder' })
    await userEvent.selectOptions(folder, 'General')
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    await db.folders.put({ id: 'work', name: 'Work', parentId: '', createdAtMs: 0 })
    await db.recordings.put({ id: OWN, sortKey: data.createdAt, data, folderId: 'work' })
    expect(await screen.findByText('No highlights match')).toBeInTheDocument()
    await userEvent.selectOptions(folder, await within(folder).findByRole('option', { name: 'Work' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    app.unmount()
  })
})
