import { lazy, type ComponentType } from 'react'

type Module<T> = { default: T }

/**
 * React.lazy whose chunk can be fetched before the screen first renders
 * (app/coldStart.ts, the recording screen's tabs). Once fetched, the component renders at once: lazy() is
 * handed a thenable that calls back synchronously, so React never suspends
 * and never shows the fallback (which would also hold the screen back for up
 * to 300 ms: React throttles revealing content after a fallback).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's: any component, whatever its props
export function preloadableLazy<T extends ComponentType<any>>(load: () => Promise<Module<T>>) {
  let loaded: Module<T> | undefined
  let loading: Promise<Module<T>> | undefined
  const preload = (): Promise<Module<T>> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined // a later render tries again (and reloadOnStaleChunk sees the failure)
        throw error
      },
    )
    return loading
  }
  const ready = (module: Module<T>) => ({ then: (resolve: (m: Module<T>) => void) => resolve(module) })
  const Component = lazy(() => (loaded ? (ready(loaded) as unknown as Promise<Module<T>>) : preload()))
  /** Whether the chunk has arrived: from then on the component renders without suspending. */
  const isLoaded = () => loaded !== undefined
  return { Component, preload, isLoaded }
}
