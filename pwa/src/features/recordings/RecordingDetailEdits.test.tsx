import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '@/data/db'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { alice, renderApp, signInOnServer } from '@/test/render'

const OWN = 'rec_01_weekly_sync'
const SHARED = 'rec_16_roadmap_2027_shared'

// The mock sync server applies nothing (mocks/handlers/sync.ts): every edit stays queued, as offline.

async function open(id: string) {
  await signInOnServer(alice, { cacheProfile: true })
  const app = renderApp(`/recordings/${id}`)
  await screen.findByRole('heading', { level: 1 })
  return app
}

async function queued() {
  return (await listOutbox()).map((row) => {
    const op = readMutation(row)!.op
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the edits' values differ in shape; one loose type lets the test read any field
    return { case: op.case, value: op.value as unknown as Record<string, unknown> }
  })
}

describe('editing on the detail screen (owner, offline)', () => {
  it('renames the title inline: Enter saves, the header shows it at once with the sync icon', async () => {
    await open(OWN)
    expect(screen.queryByRole('img', { name: 'Waiting to sync' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
    const box = screen.getByRole('textbox', { name: 'Title' })
    expect(box).toHaveValue('Weekly Product Sync')
    await userEvent.clear(box)
    await userEvent.type(box, 'Renamed offline{Enter}')
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed offline' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus()
    expect(await screen.findByRole('img', { name: 'Waiting to sync' })).toBeInTheDocument()
    expect(await queued()).toMatchObject([{ case: 'updateRecording', value: { id: OWN, title: 'Renamed offline' } }])
  })

  it('archives and unarchives in a row: both queued in order; the same button shows each press and never flips back', async () => {
    await open(OWN)
    const header = document.querySelector('.rec-header') as HTMLElement
    const button = within(header).getByRole('button', { name: 'Archive' })
    // Every state the button shows while both edits are written (a remount would disconnect it).
    const shown: string[] = []
    const watch = new MutationObserver(() => shown.push(`${button.isConnected} ${button.getAttribute('aria-pressed')}`))
    watch.observe(header, { subtree: true, childList: true, attributes: true })
    await userEvent.click(button)
    await userEvent.click(within(header).getByRole('button', { name: 'Unarchive' }))
    await waitFor(async () => expect(await queued()).toHaveLength(2))
    expect(await queued()).toMatchObject([
      { case: 'updateRecording', value: { id: OWN, archived: true } },
      { case: 'updateRecording', value: { id: OWN, archived: false } },
    ])
    watch.disconnect()
    expect(within(header).getByRole('button', { name: 'Archive' })).toBe(button)
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(shown.slice(shown.indexOf('true false'))).not.toContain('true true')
    expect(shown).not.toContain('false true')
  })

  it('Escape cancels an edit and returns focus; a title over the server limit is refused with a reason', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' and more{Escape}')
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit title' })).toHaveFocus()

    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
    const box = screen.getByRole('textbox', { name: 'Title' })
    await userEvent.click(box)
    await userEvent.paste('x'.repeat(501))
    expect(screen.getByRole('alert')).toHaveTextContent('The title must be at most 500 characters')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument() // kept, not dropped
    expect(await queued()).toEqual([])
  })

  it('an emptied title falls back as the spec says: to the recording’s name (then "Untitled Recording")', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' (draft){Enter}')
    await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync (draft)' })
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
    await userEvent.clear(screen.getByRole('textbox', { name: 'Title' }))
    await userEvent.keyboard('{Enter}')
    // Fixture 01's name is its old title.
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Product Sync' })).toBeInTheDocument()
    expect((await queued()).at(-1)).toMatchObject({ case: 'updateRecording', value: { id: OWN, title: '' } })
  })

  it('edits the description; leaving the box saves it', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }))
    const box = screen.getByRole('textbox', { name: 'Description' })
    await userEvent.clear(box)
    await userEvent.type(box, 'Notes for the team')
    await userEvent.tab()
    expect(await screen.findByText('Notes for the team')).toBeInTheDocument()
    expect(await queued()).toMatchObject([
      { case: 'updateRecording', value: { id: OWN, description: 'Notes for the team' } },
    ])
  })

  it('moves the recording to a new folder: the folder is created first, then the move', async () => {
    await db.folders.put({ id: 'f-work', name: 'Work', parentId: '', createdAtMs: 1 })
    await open(OWN)
    const folder = await screen.findByRole('combobox', { name: 'Folder' })
    await waitFor(() =>
      expect(
        within(folder)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['General', 'Work', 'New folder…']),
    )
    await userEvent.selectOptions(folder, 'New folder…')
    const name = screen.getByRole('textbox', { name: 'New folder name' })
    await userEvent.type(name, 'Offline ideas{Enter}')
    await waitFor(() => expect(within(folder).getByRole('option', { name: 'Offline ideas' })).toBeInTheDocument())
    await waitFor(() => expect(folder).toHaveDisplayValue('Offline ideas'))
    expect(folder).toHaveFocus()
    const ops = await queued()
    expect(ops).toMatchObject([
      { case: 'createFolder', value: { name: 'Offline ideas', parentId: '' } },
      { case: 'updateRecording', value: { id: OWN, folderId: ops[0]!.value.id } },
    ])

    await userEvent.selectOptions(folder, 'Work')
    await waitFor(async () =>
      expect((await queued()).at(-1)).toMatchObject({ case: 'updateRecording', value: { folderId: 'f-work' } }),
    )
  })

  it("lists the folders in the sidebar's order: by name ignoring case", async () => {
    await db.folders.bulkPut([
      { id: 'f-z', name: 'zed', parentId: '', createdAtMs: 1 },
      { id: 'f-a', name: 'Alpha', parentId: '', createdAtMs: 2 },
      { id: 'f-b', name: 'beta', parentId: 'f-a', createdAtMs: 3 },
    ])
    await open(OWN)
    const folder = await screen.findByRole('combobox', { name: 'Folder' })
    await waitFor(() =>
      expect(
        within(folder)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['General', 'Alpha', 'beta', 'zed', 'New folder…']),
    )
  })

  it('deletes: back to the list with an Undo toast; Undo takes the delete back before it is ever sent', async () => {
    const app = await open(OWN)
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(app.router.location.pathname).toBe('/recordings'))
    const toast = (await screen.findByText('Recording deleted')).closest<HTMLElement>('[role="status"]')!
    expect(await queued()).toMatchObject([{ case: 'deleteRecording', value: { id: OWN } }])
    expect((await listOutbox())[0]!.nextAttemptAt).toBeGreaterThan(Date.now() + 4000)

    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }))
    await waitFor(async () => expect(await listOutbox()).toEqual([]))
    expect(screen.queryByText('Recording deleted')).not.toBeInTheDocument()
  })

  it('says so when Undo comes too late: another tab already sent the delete while the toast showed', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const toast = (await screen.findByText('Recording deleted')).closest<HTMLElement>('[role="status"]')!
    await waitFor(async () => expect(await listOutbox()).toHaveLength(1))
    await db.outbox.clear() // what another tab's flush leaves once the server applied the delete

    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too late to undo: the recording was already deleted')
  })

  it('renames a speaker from the transcript; the new name shows in every segment at once', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
    const speakers = await screen.findByRole('region', { name: 'Speakers' })
    await userEvent.click(within(speakers).getByRole('button', { name: 'Rename Daniel Okafor' }))
    const box = await within(speakers).findByRole('combobox', { name: 'Name for Daniel Okafor' })
    await userEvent.clear(box)
    await userEvent.type(box, 'Dana Whitfield{Enter}')
    const transcript = screen.getByRole('list', { name: 'Transcript' })
    await waitFor(() => expect(within(transcript).getAllByText('Dana Whitfield').length).toBeGreaterThan(0))
    expect(within(transcript).queryByText('Daniel Okafor')).not.toBeInTheDocument()
    expect(await queued()).toMatchObject([
      { case: 'renameSpeaker', value: { recordingId: OWN, speaker: 'SPEAKER_01', name: 'Dana Whitfield' } },
    ])
  })

  it('refuses a generic "Speaker N" name, as the server would', async () => {
    await open(OWN)
    await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
    const speakers = await screen.findByRole('region', { name: 'Speakers' })
    await userEvent.click(within(speakers).getByRole('button', { name: 'Rename Daniel Okafor' }))
    const box = await within(speakers).findByRole('combobox', { name: 'Name for Daniel Okafor' })
    await userEvent.clear(box)
    await userEvent.type(box, 'Speaker 7')
    expect(within(speakers).getByRole('alert')).toHaveTextContent('Choose a name other than a generic "Speaker N"')
  })
})

describe('someone else’s recording', () => {
  it('is read-only: no edit, folder, delete or rename controls', async () => {
    await open(SHARED)
    expect(screen.queryByRole('button', { name: 'Edit title' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Folder' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
    await screen.findByRole('list', { name: 'Transcript' })
    expect(screen.queryByRole('region', { name: 'Speakers' })).not.toBeInTheDocument()
  })
})
