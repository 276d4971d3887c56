import { startTransition, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { PocketDB } from '../db'
import { deviceDb, loadDevice, loaded } from './open'

interface Observable<T> {
  subscribe(next: (value: T) => void, error: (error: unknown) => void): { unsubscribe(): void }
  hasValue?(): boolean
  getValue?(): T
}

/**
 * A live read of the device store, re-run whenever a table it read changes
 * (Dexie's liveQuery, as dexie-react-hooks' useLiveQuery does): undefined
 * (or `defaultResult`) until the first answer, then the latest answer, kept
 * while new `deps` are read. Unlike useLiveQuery it loads Dexie itself the
 * first time a screen asks, so screens drawn before that do not download it.
 * A failed read throws on render, for the nearest error boundary.
 *
 * A new answer redraws as a transition: a first pull that fills the device
 * store in parts wakes every screen reading it after each part, and React
 * then redraws in slices between which the page stays responsive.
 */
export function useDeviceQuery<T>(query: (db: PocketDB) => Promise<T> | T, deps: unknown[]): T | undefined
export function useDeviceQuery<T, D>(query: (db: PocketDB) => Promise<T> | T, deps: unknown[], defaultResult: D): T | D
export function useDeviceQuery<T, D>(
  query: (db: PocketDB) => Promise<T> | T,
  deps: unknown[],
  defaultResult?: D,
): T | D | undefined {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the assertions set the type useRef infers (without them: D and null)
  const latest = useRef({ hasResult: false, result: defaultResult as T | D | undefined, error: null as unknown })
  const [, rerender] = useReducer((n: number) => n + 1, 0)

  // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the caller's deps stand for the query
  const observable = useMemo(() => liveRead(query), deps)
  // Once Dexie is loaded, a read it has cached answers within this render (no blank frame on remount).
  // The ref is this hook's store (the subscription below writes it); render reads it, as useSyncExternalStore would.
  // eslint-disable-next-line react-hooks/refs -- a read Dexie has cached is kept at once
  if (!latest.current.hasResult && observable.hasValue?.() && observable.getValue) {
    // eslint-disable-next-line react-hooks/refs -- the store takes the cached read
    latest.current.result = observable.getValue()
    // eslint-disable-next-line react-hooks/refs -- the store takes the cached read
    latest.current.hasResult = true
  }

  useEffect(() => {
    const subscription = observable.subscribe(
      (value) => {
        const current = latest.current
        if (current.error === null && current.result === value) return
        current.error = null
        current.result = value
        current.hasResult = true
        startTransition(rerender)
      },
      (error) => {
        if (latest.current.error === error) return
        latest.current.error = error
        startTransition(rerender)
      },
    )
    return () => subscription.unsubscribe()
  }, [observable])

  // eslint-disable-next-line @typescript-eslint/only-throw-error, react-hooks/refs -- rethrows the query's failure, as it came, to the error boundary
  if (latest.current.error) throw latest.current.error
  // eslint-disable-next-line react-hooks/refs -- render returns the store's result
  return latest.current.result
}

/**
 * A read of the device store too wide to be a live query, kept current:
 * `follow` is a cheap live read of the same tables (their counts), and each
 * of its answers runs `read` once, as a plain read. Undefined until the first
 * read has answered, then the latest, kept while a new one runs.
 *
 * Why not a live query: Dexie keeps every key a live query read, one by one
 * in a tree, to tell which later writes concern it. A read of every
 * recording's key (the folder counts) then cost Dexie tens of milliseconds of
 * bookkeeping on each run, inside the task that answered it; a count is
 * tracked as one range, and every write to the table falls in it.
 */
export function useFollowedRead<T>(
  follow: (db: PocketDB) => Promise<unknown>,
  read: (db: PocketDB) => Promise<T>,
  deps: unknown[],
): T | undefined {
  // A new object each answer: every write the counts follow reads again, even one that changes no count.
  const tick = useDeviceQuery(async (db) => ({ counts: await follow(db) }), deps)
  const [state, setState] = useState<{ value: T } | { error: unknown }>()
  useEffect(() => {
    if (!tick) return
    let current = true
    deviceDb()
      .then(read)
      .then(
        (value) => current && startTransition(() => setState({ value })),
        (error: unknown) => current && setState({ error }),
      )
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new tick comes with new deps; read is the caller's closure over them
  }, [tick])
  // The read's failure, as it came, for the nearest error boundary.
  if (state && 'error' in state) throw state.error
  return state?.value
}

/** The live query, at once when Dexie is loaded, else once it has loaded. */
function liveRead<T>(query: (db: PocketDB) => Promise<T> | T): Observable<T> {
  if (loaded) {
    const { liveQuery, db } = loaded
    return liveQuery(() => query(db))
  }
  return {
    subscribe(next, error) {
      let inner: { unsubscribe(): void } | undefined
      let closed = false
      loadDevice().then(
        ({ liveQuery, db }) => {
          if (!closed) inner = (liveQuery(() => query(db)) as Observable<T>).subscribe(next, error)
        },
        (failure: unknown) => {
          if (!closed) error(failure)
        },
      )
      return {
        unsubscribe() {
          closed = true
          inner?.unsubscribe()
        },
      }
    },
  }
}
