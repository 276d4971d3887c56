/**
 * When a page has settled after loading: the load event has fired and the
 * main thread then stays idle for a while (a run of whole idle periods, the
 * ones the browser grants when no frame or task is waiting). Background
 * work that is not for the screen in front of the user — keeping the
 * library offline — starts here, so it never competes with the first
 * screen's scripts, data and paints. A page that never settles (an
 * animation drawing every frame) still gets there after `maxWaitMs`.
 */

export interface IdleDeadlineLike {
  timeRemaining(): number
}

export interface SettleClock {
  /** Resolves once the document has loaded. */
  loaded(): Promise<void>
  /** Calls back at the next idle period (or after timeoutMs). */
  idle(callback: (deadline: IdleDeadlineLike) => void, timeoutMs: number): void
  now(): number
}

/** An idle period at least this long means nothing was queued behind it (Chrome grants at most 50 ms). */
const WHOLE_IDLE_MS = 45
/** This many whole idle periods in a row: about half a second with nothing to do. */
const QUIET_PERIODS = 10

export function whenSettled(clock: SettleClock, maxWaitMs = 10_000): Promise<void> {
  const start = clock.now()
  return clock.loaded().then(
    () =>
      new Promise<void>((resolve) => {
        let quiet = 0
        const left = () => maxWaitMs - (clock.now() - start)
        const check = (deadline: IdleDeadlineLike) => {
          quiet = deadline.timeRemaining() >= WHOLE_IDLE_MS ? quiet + 1 : 0
          if (quiet >= QUIET_PERIODS || left() <= 0) resolve()
          else clock.idle(check, left())
        }
        clock.idle(check, Math.max(0, left()))
      }),
  )
}

/** The browser's clock: the window's load event and idle callbacks (a timer where there are none). */
export const browserSettleClock: SettleClock = {
  loaded: () =>
    new Promise((resolve) => {
      if (typeof document === 'undefined' || document.readyState === 'complete') resolve()
      else globalThis.addEventListener('load', () => resolve(), { once: true })
    }),
  idle(callback, timeoutMs) {
    if (typeof globalThis.requestIdleCallback === 'function')
      globalThis.requestIdleCallback(callback, { timeout: timeoutMs })
    else setTimeout(() => callback({ timeRemaining: () => WHOLE_IDLE_MS }), 50)
  },
  now: () => performance.now(),
}

let pageSettled: Promise<void> | null = null

/** This page's settling, waited for once: later callers resolve at once. */
export function whenPageSettled(): Promise<void> {
  pageSettled ??= whenSettled(browserSettleClock)
  return pageSettled
}
