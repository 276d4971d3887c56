import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { whenPageSettled } from '@/data/offline/settled'

export const PART_FAILED_MESSAGE = 'This part of the page could not load. Check your connection, then try again.'

/**
 * A component whose code is left out of its screen's first download (a
 * dialog, a filtered view) and fetched once the page has settled (never
 * competing with the first screen's paint), so it is there when asked for —
 * offline too, once fetched (the service worker keeps every chunk after the
 * first visit). `fallback` stands in if it is drawn before it has arrived.
 * If it cannot be fetched, it says so where it would be, with Try again,
 * instead of failing the screen.
 */
export function loadWhenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const attempt = () =>
    lazy(async () => {
      try {
        return { default: await load() }
      } catch (error) {
        throw new PartLoadFailed(error)
      }
    })
  let Part = attempt()
  void whenPageSettled()
    .then(load)
    .catch(() => undefined)

  return function WhenShown(props: P) {
    return (
      <PartBoundary
        onRetry={() => (Part = attempt())}
        draw={() => (
          <Suspense fallback={fallback}>
            <Part {...props} />
          </Suspense>
        )}
      />
    )
  }
}

/** The part's code could not be fetched; anything else a part throws is a fault for the screen's own boundary. */
class PartLoadFailed extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not load', { cause })
  }
}

interface BoundaryProps {
  /** Called at each render, so a retry draws the new attempt. */
  draw: () => ReactNode
  /** Makes the next draw fetch the part again (a failed lazy component stays failed). */
  onRetry: () => void
}

/** The part's code could not be fetched (offline before it ever arrived, a deploy removed it). */
class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override render() {
    const { error } = this.state
    if (error === null) return this.props.draw()
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the part threw, to the boundary above
    if (!(error instanceof PartLoadFailed)) throw error
    const retry = () => {
      this.props.onRetry()
      this.setState({ error: null })
    }
    return (
      <div className="part-failed" role="alert">
        <p>{PART_FAILED_MESSAGE}</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    )
  }
}
