import { useLayoutEffect, type RefObject } from 'react'

/**
 * Lets the canvas fill the window below wherever the screen put it: writes
 * the element's distance from the top of the document to `--mm-top`, which
 * the stylesheet subtracts from the window height (at least 300 px remain:
 * the spec's minimum canvas). Measured, because the header above it wraps
 * differently for every recording title.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const update = () => {
      const top = el.getBoundingClientRect().top + window.scrollY
      el.style.setProperty('--mm-top', `${Math.round(top)}px`)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [ref])
}
