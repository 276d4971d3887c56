import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CodeInput } from './CodeInput'
import { emptyDigits } from './codeDigits'

function Harness() {
  const [digits, setDigits] = useState(emptyDigits)
  return <CodeInput digits={digits} onChange={setDigits} />
}

const boxes = () => screen.getAllByRole('textbox')
const values = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join('|')

describe('CodeInput', () => {
  it('is six labelled numeric boxes in a group', () => {
    render(<Harness />)
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument()
    expect(boxes()).toHaveLength(6)
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('inputmode', 'numeric')
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('autocomplete', 'one-time-code')
  })

  it('typing fills successive boxes and moves focus', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[0]!)
    await user.keyboard('123')
    expect(values()).toBe('1|2|3|||')
    expect(boxes()[3]).toHaveFocus()
  })

  it('strips non-digits', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[0]!)
    await user.keyboard('a1-b2')
    expect(values()).toBe('1|2||||')
    expect(boxes()[2]).toHaveFocus()
  })

  it('pasting a code fills the boxes (max 6), non-digits stripped', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[2]!)
    await user.paste('12 34-56 78')
    expect(values()).toBe('1|2|3|4|5|6')
    expect(boxes()[5]).toHaveFocus()
  })

  it('pasting a few digits fills from the focused box', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[3]!)
    await user.paste('98')
    expect(values()).toBe('|||9|8|')
    expect(boxes()[5]).toHaveFocus()
  })

  it('Backspace clears a filled box, then on an empty box moves back', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[0]!)
    await user.keyboard('12')
    expect(boxes()[2]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(boxes()[1]).toHaveFocus()
    await user.keyboard('{Backspace}')
    expect(values()).toBe('1|||||')
    expect(boxes()[1]).toHaveFocus()
  })

  it('arrow keys move focus and stop at the ends', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[0]!)
    await user.keyboard('{ArrowLeft}')
    expect(boxes()[0]).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(boxes()[2]).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(boxes()[1]).toHaveFocus()
  })

  it('typing into a filled box replaces its digit', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(boxes()[0]!)
    await user.keyboard('123')
    await user.click(boxes()[1]!)
    await user.keyboard('9')
    expect(values()).toBe('1|9|3|||')
    expect(boxes()[2]).toHaveFocus()
  })
})
