import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useLatest } from '@/ui/useLatest'
import { MIN_CANVAS, ZOOM_STEP } from './constants'
import { usePointerGestures, useWheelZoom } from './gestures'
import { useFillHeight } from './useFillHeight'
import {
  IDENTITY,
  clampZoom,
  contains,
  fitTransform,
  grow,
  panBy as pan,
  panToReveal,
  visibleRect,
  zoomAt,
  type Rect,
  type Size,
  type Transform,
} from './viewport'

const FIT_MS = 250

interface ViewportOptions {
  /** The laid-out map's size. */
  content: Size
  /** Track the visible part of the map (for drawing only what is in view). */
  cull: boolean
}

/**
 * Pan and zoom of the map. The transform lives in a ref and is written
 * straight to the scene's `transform` attribute, so dragging, pinching and
 * wheeling re-render nothing and never lay the map out again. React state
 * changes only when the zoom changes (the % label) or the view leaves the
 * window of cards drawn around it.
 */
export function useViewport({ content, cull }: ViewportOptions) {
  const containerRef = useRef<HTMLDivElement | null>(null)
  // Before the fit below (layout effects run in order): the first fit must see the canvas's final
  // height, or a resize would fit the map again a frame later, after it was first shown.
  useFillHeight(containerRef)
  const sceneRef = useRef<SVGGElement | null>(null)
  const t = useRef<Transform>(IDENTITY)
  const size = useRef<Size>({ width: 0, height: 0 })
  const contentRef = useLatest(content)
  const [zoom, setZoom] = useState(1)
  const [window, setWindow] = useState<Rect | null>(null)
  const windowRef = useRef<Rect | null>(null)
  const animation = useRef(0)
  /** True until the user moves the view: while nobody has, a resized viewport is fitted again. */
  const autoFit = useRef(true)

  const apply = useCallback(
    (next: Transform) => {
      t.current = next
      sceneRef.current?.setAttribute('transform', `translate(${next.x} ${next.y}) scale(${next.k})`)
      setZoom(next.k)
      if (!cull) return
      const visible = visibleRect(next, size.current)
      const drawn = windowRef.current
      // Redraw when the view leaves the drawn window, or zooming in made the window far larger than needed.
      if (!drawn || !contains(drawn, visible) || drawn.width > visible.width * 4) {
        windowRef.current = grow(visible, 0.5)
        setWindow(windowRef.current)
      }
    },
    [cull],
  )

  const stopAnimation = useCallback(() => cancelAnimationFrame(animation.current), [])
  /** Every user pan or zoom starts here. */
  const takeOver = useCallback(() => {
    stopAnimation()
    autoFit.current = false
  }, [stopAnimation])

  const animateTo = useCallback(
    (target: Transform) => {
      stopAnimation()
      if (prefersReducedMotion()) return apply(target)
      const from = t.current
      const start = performance.now()
      // performance.now(), not the frame's timestamp: that one may predate `start` (and has another origin in jsdom).
      const step = () => {
        const p = Math.min(1, Math.max(0, (performance.now() - start) / FIT_MS))
        const e = 1 - (1 - p) ** 3
        apply({
          x: from.x + (target.x - from.x) * e,
          y: from.y + (target.y - from.y) * e,
          k: from.k + (target.k - from.k) * e,
        })
        if (p < 1) animation.current = requestAnimationFrame(step)
      }
      animation.current = requestAnimationFrame(step)
    },
    [apply, stopAnimation],
  )

  const fit = useCallback(
    (animate: boolean) => {
      autoFit.current = true
      const target = fitTransform(contentRef.current, size.current)
      if (animate) animateTo(target)
      else apply(target)
    },
    [contentRef, apply, animateTo],
  )

  // Fitted before the first paint, and again when the viewport first gets a real size.
  useLayoutEffect(() => {
    const el = containerRef.current
    if (!el) return
    size.current = measure(el)
    fit(false)
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => {
      const before = size.current
      const after = measure(el)
      if (after.width === before.width && after.height === before.height) return
      size.current = after
      // Still as fitted: fit the new size. Otherwise keep the middle of the view in the middle.
      if (autoFit.current) fit(false)
      else apply(pan(t.current, (after.width - before.width) / 2, (after.height - before.height) / 2))
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      stopAnimation()
    }
    // Mount only: later content changes (collapsing) keep the view where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only, as said above
  }, [])

  const zoomBy = useCallback(
    (delta: number) => {
      takeOver()
      const k = clampZoom(t.current.k + delta)
      if (k !== t.current.k) apply(zoomAt(t.current, k, size.current.width / 2, size.current.height / 2))
    },
    [apply, takeOver],
  )

  const panBy = useCallback(
    (dx: number, dy: number) => {
      takeOver()
      apply(pan(t.current, dx, dy))
    },
    [apply, takeOver],
  )

  /** Pans just enough to show `rect` (map coordinates), e.g. the card that got keyboard focus. */
  const reveal = useCallback(
    (rect: Rect) => {
      const { dx, dy } = panToReveal(t.current, size.current, rect)
      if (dx !== 0 || dy !== 0) panBy(dx, dy)
    },
    [panBy],
  )

  const target = { containerRef, transform: t, apply, takeOver }
  useWheelZoom(target)
  const pointer = usePointerGestures(target)

  // Stable functions: cards are memoised on the callbacks they get.
  const api = useMemo(
    () => ({
      containerRef,
      sceneRef,
      zoomIn: () => zoomBy(ZOOM_STEP),
      zoomOut: () => zoomBy(-ZOOM_STEP),
      panBy,
      fit,
      reveal,
      /** The current transform (for anchoring a card across a re-layout). */
      transform: () => t.current,
      setTransform: apply,
      pointer,
    }),
    [zoomBy, panBy, fit, reveal, apply, pointer],
  )
  // Until the first fit has placed the view, a culled map draws nothing rather than everything.
  return { ...api, zoom, window: cull ? (window ?? NOTHING) : null }
}

const NOTHING: Rect = { x: 0, y: 0, width: 0, height: 0 }

function measure(el: HTMLElement): Size {
  // jsdom (tests) has no layout: treat the viewport as the minimum canvas.
  return { width: el.clientWidth || MIN_CANVAS, height: el.clientHeight || MIN_CANVAS }
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}
