import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { InlineEdit } from './InlineEdit'

/** A title box whose store answers when the test says: `answer(text)` is the store holding a text. */
function setup(onSave: (text: string) => Promise<unknown>) {
  const view = (value: string) => (
    <InlineEdit value={value} label="Title" editLabel="Edit title" validate={() => null} onSave={onSave}>
      {(text) => <h1>{text || 'Untitled Recording'}</h1>}
    </InlineEdit>
  )
  const { rerender } = render(view('Standup'))
  return { answer: (text: string) => act(() => rerender(view(text))) }
}

async function rename(to: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Edit title' }))
  const box = screen.getByRole('textbox', { name: 'Title' })
  await userEvent.clear(box)
  await userEvent.type(box, `${to}{Enter}`)
}

describe('an inline edit saving', () => {
  it('shows the saved text as the box closes, before the store has answered, and the store’s text after', async () => {
    const saves: string[] = []
    const { answer } = setup(async (text) => void saves.push(text))
    await rename('Weekly planning')
    // The store has not answered: the old title must not show again in between.
    expect(screen.getByRole('heading')).toHaveTextContent('Weekly planning')
    expect(saves).toEqual(['Weekly planning'])
    answer('Weekly planning')
    expect(screen.getByRole('heading')).toHaveTextContent('Weekly planning')
    // A change made elsewhere later shows as it comes.
    answer('Planning (moved)')
    expect(screen.getByRole('heading')).toHaveTextContent('Planning (moved)')
  })

  it('puts the stored text back when the save fails', async () => {
    setup(() => Promise.reject(new Error('the device store is gone')))
    await rename('Weekly planning')
    expect(await screen.findByRole('heading', { name: 'Standup' })).toBeInTheDocument()
  })
})
