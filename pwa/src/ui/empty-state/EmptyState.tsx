import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react'
import type { EmptyStateAnimation } from './animation'
import { usePrefersReducedMotion } from '../usePrefersReducedMotion'
import './empty-state.css'

interface EmptyStateProps {
  /** Which looping animation plays above the texts (/animations/<name>.riv). */
  animation: EmptyStateAnimation
  /** Heading text; the spec's default is 'No content available'. */
  title?: string
  description?: string
  /** Width and height of the square animation in CSS pixels (default 300); it shrinks on narrow screens. */
  size?: number
}

const DEFAULT_EMPTY_TITLE = 'No content available'
const DEFAULT_EMPTY_SIZE = 300

// The Rive runtime (~100 kB gzipped, plus its wasm) loads only when an empty
// state is actually shown.
const RiveAnimation = lazy(() => import('./RiveAnimation'))

/**
 * Empty-state block: a looping animation, a title and an optional
 * description. The texts never depend on the animation: if the runtime or
 * the file fails to load, the art area collapses and the texts stay.
 */
export function EmptyState({
  animation,
  title = DEFAULT_EMPTY_TITLE,
  description,
  size = DEFAULT_EMPTY_SIZE,
}: EmptyStateProps) {
  const still = usePrefersReducedMotion()
  // Remembered per animation, so switching to another file tries again.
  const [failedFor, setFailedFor] = useState<EmptyStateAnimation | null>(null)
  const fail = useCallback(() => setFailedFor(animation), [animation])
  const failed = failedFor === animation

  return (
    <div className="empty-state">
      {failed ? null : (
        <div
          key={animation}
          className="empty-state__art"
          style={{ width: size }}
          aria-hidden="true"
          data-testid="empty-state-art"
        >
          <AnimationBoundary onError={fail}>
            <Suspense fallback={null}>
              <RiveAnimation animation={animation} still={still} onError={fail} />
            </Suspense>
          </AnimationBoundary>
        </div>
      )}
      <h2 className="empty-state__title">{title}</h2>
      {description ? <p className="empty-state__description">{description}</p> : null}
    </div>
  )
}

interface BoundaryProps {
  onError: () => void
  children: ReactNode
}

/** Catches a failed chunk load or a runtime crash so the texts still render. */
class AnimationBoundary extends Component<BoundaryProps, { crashed: boolean }> {
  override state = { crashed: false }

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('Empty-state animation crashed', error)
    this.props.onError()
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children
  }
}
