import { Component, type ErrorInfo, type ReactNode } from 'react'
import { releasePrerender } from '@/ui/prerenderHandoff'

interface State {
  failed: boolean
}

/**
 * The last line under every screen: a screen that throws while rendering
 * leaves a page that says so and offers a reload, instead of an empty one,
 * and the static copy of a first visit (if any) goes with it.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    releasePrerender()
    console.error('A screen failed to render', error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <main className="not-found" role="alert">
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Reload to try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    )
  }
}
