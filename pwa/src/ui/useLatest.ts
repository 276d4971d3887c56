import { useInsertionEffect, useRef } from 'react'

/**
 * The value of the last committed render, for handlers and effects that read
 * it without re-running when it changes. Written after the commit, before any
 * layout effect or event runs: a ref written while rendering could hold a
 * render React then throws away.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  useInsertionEffect(() => {
    ref.current = value
  })
  return ref
}
