import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { listOutbox } from '@/data/sync'
import { readMutation } from '@/data/sync/mutation'
import { NOTE_MAX_BYTES } from './noteEdits'
import { alice, renderApp, signInOnServer } from '@/test/render'

const OWN = 'rec_01_weekly_sync'
const SHARED = 'rec_16_roadmap_2027_shared'

// The mock sync server applies nothing (mocks/handlers/sync.ts): every edit stays queued, as offline.

async function openNotes(id = OWN) {
  await signInOnServer(alice, { cacheProfile: true })
  renderApp(`/recordings/${id}`)
  await screen.findByRole('heading', { level: 1 })
  await userEvent.click(screen.getByRole('tab', { name: 'Notes' }))
}

async function queuedNotes() {
  return (await listOutbox()).flatMap((row) => {
    const op = readMutation(row)!.op
    return op.case === 'updateRecording' && op.value.note !== undefined ? [op.value.note] : []
  })
}

describe('the Notes tab (owner, offline)', () => {
  it('starts empty, writes a note in place and shows it rendered safely, queued to sync', async () => {
    await openNotes()
    expect(await screen.findByText('No note yet')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }))
    const box = screen.getByRole('textbox', { name: 'Note' })
    expect(box).toHaveFocus()
    await userEvent.type(box, '## Follow up{Enter}Call **Ada** <img src=x onerror=alert(1)>{Control>}{Enter}{/Control}')

    expect(await screen.findByRole('heading', { name: 'Follow up' })).toBeInTheDocument()
    expect(screen.getByText('Ada').tagName).toBe('STRONG')
    expect(document.querySelector('.notes-tab img')).toBeNull() // markup is shown as text, never run
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit note' })).toHaveFocus()
    expect(await screen.findByText('Saved on this device, waiting to sync')).toHaveAttribute('role', 'status')
    expect(await queuedNotes()).toEqual(['## Follow up\nCall **Ada** <img src=x onerror=alert(1)>'])
  })

  it('Cancel and Escape keep the note as it was; Save edits it', async () => {
    await openNotes()
    await userEvent.click(await screen.findByRole('button', { name: 'Write a note' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'First{Escape}')
    expect(screen.getByText('No note yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Write a note' })).toHaveFocus()

    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Second')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByText('No note yet')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Write a note' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Kept')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Kept')).toBeInTheDocument()
    await waitFor(async () => expect(await queuedNotes()).toEqual(['Kept']))
  })

  it('refuses a note past the server’s limit with the reason, keeping the text', async () => {
    await openNotes()
    await userEvent.click(await screen.findByRole('button', { name: 'Write a note' }))
    const box = screen.getByRole('textbox', { name: 'Note' })
    await userEvent.click(box)
    await userEvent.paste('x'.repeat(NOTE_MAX_BYTES + 1))
    expect(screen.getByRole('alert')).toHaveTextContent('The note must be at most 64 KiB')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeInTheDocument()
    expect(await queuedNotes()).toEqual([])
  })

  it('is not on a recording someone else shared with the owner', async () => {
    await signInOnServer(alice, { cacheProfile: true })
    renderApp(`/recordings/${SHARED}?tab=notes`)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('tab', { name: 'Notes' })).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Summary', selected: true })).toBeInTheDocument()
  })
})
