import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { server } from '@/mocks/node'
import { enqueue } from '@/data/sync'
import { alice, renderApp, signInOnServer } from '@/test/render'
import { InlineEdit } from '@/ui/inline-edit/InlineEdit'
import { PersonCombobox } from './PersonNameField'

const people = [
  { name: 'Priya Raman', recordings: 7 },
  { name: 'Daniel Okafor', recordings: 6 },
  { name: 'Ariya Stone', recordings: 1 },
]

/** A speaker's rename box as the Speakers section has it, with a fixed list of people. */
function Harness({ initial, onSave }: { initial: string; onSave: (name: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <InlineEdit
      value={value}
      label="Name for Speaker 2"
      editLabel="Rename Speaker 2"
      validate={() => null}
      onSave={(name) => {
        setValue(name)
        onSave(name)
      }}
      renderField={(field, commit) => <PersonCombobox field={field} commit={commit} people={people} />}
    >
      {(name) => <span>{name || 'Speaker 2'}</span>}
    </InlineEdit>
  )
}

async function openEditor(initial = '') {
  const onSave = vi.fn()
  render(<Harness initial={initial} onSave={onSave} />)
  await userEvent.click(screen.getByRole('button', { name: 'Rename Speaker 2' }))
  return { onSave, box: screen.getByRole('combobox', { name: 'Name for Speaker 2' }) }
}

const optionNames = () => screen.getAllByRole('option').map((o) => o.firstChild?.textContent)

describe('naming a speaker with the library’s people', () => {
  it('shows everyone for an unnamed speaker, filters as you type, and says how many match', async () => {
    const { box } = await openEditor()
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(optionNames()).toEqual(['Priya Raman', 'Daniel Okafor', 'Ariya Stone'])
    await userEvent.type(box, 'riya')
    expect(optionNames()).toEqual(['Priya Raman', 'Ariya Stone'])
    expect(screen.getByRole('status')).toHaveTextContent('2 people match')
    await userEvent.type(box, 'x')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box).toHaveAttribute('aria-expanded', 'false')
  })

  it('arrows move the highlighted person (announced as the active option); Enter names the speaker', async () => {
    const { box, onSave } = await openEditor()
    await userEvent.type(box, 'a')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    const second = screen.getAllByRole('option')[1]!
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', second.id)
    await userEvent.keyboard('{ArrowUp}{ArrowUp}') // wraps to the last
    expect(screen.getAllByRole('option').at(-1)).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    // 'a' starts Ariya Stone, so she is listed first.
    expect(onSave).toHaveBeenCalledWith('Ariya Stone')
    expect(screen.getByRole('button', { name: 'Rename Speaker 2' })).toHaveFocus()
  })

  it('a click on a person names the speaker without first saving what was typed', async () => {
    const { box, onSave } = await openEditor()
    await userEvent.type(box, 'Dan')
    await userEvent.click(screen.getByRole('option', { name: /Daniel Okafor/ }))
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave).toHaveBeenCalledWith('Daniel Okafor')
  })

  it('Escape first closes the list, then cancels; Enter without a highlighted person saves what was typed', async () => {
    const { box, onSave } = await openEditor()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(onSave).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Rename Speaker 2' }))
    await userEvent.type(screen.getByRole('combobox'), 'Mina Ode{Enter}')
    expect(onSave).toHaveBeenCalledWith('Mina Ode')
  })

  it('keeps the list closed when renaming a named speaker until Down, which shows everyone else', async () => {
    const { box } = await openEditor('Priya Raman')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await userEvent.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(optionNames()).toEqual(['Daniel Okafor', 'Ariya Stone'])
  })
})

describe('suggestions in the transcript’s Speakers section', () => {
  async function renameSecondSpeaker() {
    await signInOnServer(alice, { cacheProfile: true })
    renderApp('/recordings/rec_01_weekly_sync')
    await screen.findByRole('heading', { level: 1 })
    await userEvent.click(screen.getByRole('tab', { name: 'Transcription' }))
    const speakers = await screen.findByRole('region', { name: 'Speakers' })
    await userEvent.click(within(speakers).getByRole('button', { name: 'Rename Daniel Okafor' }))
    const box = await within(speakers).findByRole('combobox', { name: 'Name for Daniel Okafor' })
    await userEvent.clear(box)
    return box
  }

  it('come from the people named in the library', async () => {
    const box = await renameSecondSpeaker()
    await userEvent.type(box, 'Leo')
    const option = await screen.findByRole('option', { name: /Leo Park/ })
    expect(option).toHaveTextContent('Leo Park · 5 recordings')
  })

  it('offline, offer the names of renames queued on this device, and a name can still be typed', async () => {
    server.use(http.get('/api/v1/people', () => HttpResponse.error()))
    await enqueue({
      op: {
        case: 'renameSpeaker',
        value: { recordingId: 'rec_02_one_on_one_leo', speaker: 'SPEAKER_01', name: 'Leonora Park' },
      },
    })
    const box = await renameSecondSpeaker()
    await userEvent.type(box, 'Leo')
    expect(await screen.findByRole('option', { name: /Leonora Park/ })).toBeInTheDocument()
    await userEvent.type(box, 'n Ode{Enter}')
    await waitFor(() => expect(screen.getAllByText('Leon Ode').length).toBeGreaterThan(0))
  })
})
