import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ComponentProps } from 'react'
import { EmptyState } from './EmptyState'

// The real runtime needs wasm and a canvas, which jsdom lacks: the hook is
// replaced, and each test drives what the runtime would report.
const rive = vi.hoisted(() => ({
  useRive: vi.fn(),
  setWasmUrl: vi.fn(),
  setWasmFallbackUrl: vi.fn(),
}))
vi.mock('@rive-app/react-canvas', () => ({
  useRive: rive.useRive,
  RuntimeLoader: { setWasmUrl: rive.setWasmUrl, setWasmFallbackUrl: rive.setWasmFallbackUrl },
}))

type RiveParams = {
  src: string
  stateMachine: string
  autoplay: boolean
  enableRiveAssetCDN: boolean
  onLoadError: (e: { data: unknown }) => void
}
type RiveOptions = { customDevicePixelRatio: number }

function FakeCanvas(props: ComponentProps<'canvas'>) {
  return <canvas data-testid="rive-canvas" {...props} />
}

function lastRiveCall(): { params: RiveParams; options: RiveOptions } {
  const call = rive.useRive.mock.calls.at(-1) as [RiveParams, RiveOptions]
  return { params: call[0], options: call[1] }
}

function reducedMotion(initially: boolean) {
  const listeners = new Set<() => void>()
  const mq = {
    matches: initially,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-reduced-motion: reduce)')
    return mq
  })
  return (matches: boolean) => {
    mq.matches = matches
    listeners.forEach((l) => l())
  }
}

beforeEach(() => {
  rive.useRive.mockReset()
  rive.useRive.mockReturnValue({ rive: null, RiveComponent: FakeCanvas })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('EmptyState', () => {
  it('shows the title as a heading and the description below it', async () => {
    render(
      <EmptyState
        animation="no_summarise"
        title="No Summary Available"
        description="This recording hasn't been summarized yet. Summaries are generated automatically for your recordings."
      />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'No Summary Available' })).toBeInTheDocument()
    expect(
      screen.getByText(
        "This recording hasn't been summarized yet. Summaries are generated automatically for your recordings.",
      ),
    ).toBeInTheDocument()
    expect(await screen.findByTestId('rive-canvas')).toBeInTheDocument()
  })

  it("defaults the title to 'No content available' and shows no description", () => {
    const { container } = render(<EmptyState animation="no_action" />)
    expect(screen.getByRole('heading', { name: 'No content available' })).toBeInTheDocument()
    expect(container.querySelector('p')).toBeNull()
  })

  it('plays its own .riv file through the looping state machine, with the wasm from our origin', async () => {
    render(<EmptyState animation="no_action" title="No Action Items" />)
    await screen.findByTestId('rive-canvas')
    const { params } = lastRiveCall()
    expect(params).toMatchObject({
      src: '/animations/no_action.riv',
      stateMachine: 'State Machine 1',
      autoplay: true,
      enableRiveAssetCDN: false,
    })
    expect(rive.setWasmUrl).toHaveBeenCalledTimes(1)
    const wasmUrl = String(rive.setWasmUrl.mock.calls[0]?.[0])
    expect(wasmUrl).toMatch(/rive\.wasm$/)
    expect(wasmUrl).not.toMatch(/^(https?:)?\/\//)
    expect(rive.setWasmFallbackUrl).toHaveBeenCalledWith(null)
  })

  it('is a 300 px square by default and takes another size', async () => {
    const { rerender } = render(<EmptyState animation="no_action" />)
    expect(screen.getByTestId('empty-state-art')).toHaveStyle({ width: '300px' })
    rerender(<EmptyState animation="no_action" size={180} />)
    expect(screen.getByTestId('empty-state-art')).toHaveStyle({ width: '180px' })
    await screen.findByTestId('rive-canvas')
  })

  it.each([
    [4, 3],
    [0.5, 1],
    [2, 2],
  ])('renders at a device pixel ratio of %s clamped to %s', async (ratio, want) => {
    vi.stubGlobal('devicePixelRatio', ratio)
    render(<EmptyState animation="no_summarise" />)
    await screen.findByTestId('rive-canvas')
    expect(lastRiveCall().options.customDevicePixelRatio).toBe(want)
  })

  it('shows a still frame when the user prefers reduced motion, and follows the setting', async () => {
    const setReduced = reducedMotion(true)
    const instance = { isPlaying: false, play: vi.fn(), pause: vi.fn() }
    rive.useRive.mockReturnValue({ rive: instance, RiveComponent: FakeCanvas })
    render(<EmptyState animation="no_summarise" />)
    await screen.findByTestId('rive-canvas')
    expect(lastRiveCall().params.autoplay).toBe(false)
    expect(instance.play).not.toHaveBeenCalled()

    act(() => setReduced(false))
    await waitFor(() => expect(instance.play).toHaveBeenCalled())
    instance.isPlaying = true
    act(() => setReduced(true))
    await waitFor(() => expect(instance.pause).toHaveBeenCalled())
  })

  it('keeps its texts, drops the animation and logs when the file fails to load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <EmptyState
        animation="no_action"
        title="No Action Items"
        description="No actionable tasks were identified in this recording."
      />,
    )
    await screen.findByTestId('rive-canvas')
    act(() => lastRiveCall().params.onLoadError({ data: 'The file failed to load' }))

    expect(screen.queryByTestId('rive-canvas')).toBeNull()
    expect(screen.getByRole('heading', { name: 'No Action Items' })).toBeInTheDocument()
    expect(screen.getByText('No actionable tasks were identified in this recording.')).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith(
      'Empty-state animation /animations/no_action.riv failed to load',
      'The file failed to load',
    )
  })

  it('keeps its texts when the runtime itself throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    rive.useRive.mockImplementation(() => {
      throw new Error('RuntimeError: unreachable')
    })
    render(<EmptyState animation="no_summarise" title="No Summary Available" />)
    await waitFor(() => expect(screen.queryByTestId('empty-state-art')).toBeNull())
    expect(screen.getByRole('heading', { name: 'No Summary Available' })).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('Empty-state animation crashed', expect.any(Error))
  })
})
