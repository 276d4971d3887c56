import { afterEach, beforeEach, vi } from 'vitest'

/**
 * IntersectionObserver under the test's control: call the returned
 * sentinelNear() to say the list's sentinel came into view. Registers its own
 * beforeEach/afterEach, so call it at a test file's top level.
 */
export function controlIntersections() {
  const observers = new Set<IntersectionObserverCallback>()
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private cb: IntersectionObserverCallback) {}
        observe() {
          observers.add(this.cb)
        }
        disconnect() {
          observers.delete(this.cb)
        }
        unobserve() {}
        takeRecords() {
          return []
        }
      },
    )
  })
  afterEach(() => observers.clear())
  const sentinelNear = () =>
    observers.forEach((cb) => cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))
  return { observers, sentinelNear }
}
