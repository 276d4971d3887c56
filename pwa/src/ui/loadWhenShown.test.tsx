import { Component, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { loadWhenShown, PART_FAILED_MESSAGE } from './loadWhenShown'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('loadWhenShown', () => {
  it('fetches the part once the page has settled, before anything draws it', async () => {
    const load = vi.fn(async () => Greeting)
    loadWhenShown(load)
    expect(load).not.toHaveBeenCalled()
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })

  it('draws the fallback until the part has arrived, then the part with its props', async () => {
    let arrive: (part: typeof Greeting) => void = () => {}
    const Part = loadWhenShown(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)), <p>Waiting</p>)
    render(<Part name="Ana" />)
    expect(screen.getByText('Waiting')).toBeInTheDocument()
    arrive(Greeting)
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument()
  })

  it('says so where the part would be when its code cannot be fetched, and Try again fetches it anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module')
      return Greeting
    })
    const Part = loadWhenShown(load)
    render(
      <main>
        <h1>Recordings</h1>
        <Part name="Ana" />
      </main>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(PART_FAILED_MESSAGE)
    expect(screen.getByRole('heading', { name: 'Recordings' })).toBeInTheDocument()

    online = true
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('leaves a fault of the part itself to the screen’s own error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): ReactNode {
      throw new Error('bug in the part')
    }
    const Part = loadWhenShown(async () => Broken)
    render(
      <ScreenBoundary>
        <Part />
      </ScreenBoundary>,
    )
    expect(await screen.findByText('Screen failed: bug in the part')).toBeInTheDocument()
    expect(screen.queryByText(PART_FAILED_MESSAGE)).not.toBeInTheDocument()
  })
})

class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>Screen failed: {this.state.error.message}</p> : this.props.children
  }
}
