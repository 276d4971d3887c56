import { useEffect, useMemo, useRef, type MouseEvent, type PointerEvent, type RefObject } from 'react'
import { clampZoom, panBy, wheelPixels, wheelZoomFactor, zoomAt, type Transform } from './viewport'

/** Pointer travel (px) before a press becomes a drag: smaller moves stay clicks on the card. */
const DRAG_THRESHOLD = 4

type Point = { x: number; y: number }
type Gesture =
  | { kind: 'none' }
  | { kind: 'press' | 'drag'; id: number; start: Point; from: Transform }
  | { kind: 'pinch'; distance: number; mid: Point; from: Transform }

interface GestureTarget {
  containerRef: RefObject<HTMLDivElement | null>
  transform: RefObject<Transform>
  apply: (t: Transform) => void
  /** Called when a gesture starts: stops a running fit animation and automatic refits. */
  takeOver: () => void
}

/** The wheel zooms around the pointer. Registered natively: React's wheel listener is passive and cannot stop page scroll. */
export function useWheelZoom({ containerRef, transform, apply, takeOver }: GestureTarget) {
  useEffect(() => {
    const el = containerRef.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      takeOver()
      const box = el.getBoundingClientRect()
      const factor = wheelZoomFactor(wheelPixels(e.deltaY, e.deltaMode, box.height))
      const t = transform.current
      apply(zoomAt(t, t.k * factor, e.clientX - box.left, e.clientY - box.top))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [containerRef, transform, apply, takeOver])
}

/**
 * Drag with one pointer (mouse, pen or finger) pans; two fingers pinch-zoom
 * and pan together; lifting one finger of a pinch goes on as a drag. The
 * handlers read refs only, so one set serves every render.
 */
export function usePointerGestures({ containerRef, transform, apply, takeOver }: GestureTarget) {
  const pointers = useRef(new Map<number, Point>())
  const gesture = useRef<Gesture>({ kind: 'none' })
  const dragged = useRef(false)

  return useMemo(() => {
    const local = (e: PointerEvent): Point => {
      const box = containerRef.current!.getBoundingClientRect()
      return { x: e.clientX - box.left, y: e.clientY - box.top }
    }
    // A new gesture from whichever pointers are down, starting from the current view.
    const restart = () => {
      const list = [...pointers.current.entries()]
      const from = transform.current
      if (list.length >= 2) {
        const [a, b] = [list[0]![1], list[1]![1]]
        gesture.current = { kind: 'pinch', distance: Math.hypot(b.x - a.x, b.y - a.y) || 1, mid: midpoint(a, b), from }
      } else if (list.length === 1) {
        gesture.current = { kind: 'drag', id: list[0]![0], start: list[0]![1], from }
      } else gesture.current = { kind: 'none' }
    }
    const release = (e: PointerEvent) => {
      pointers.current.delete(e.pointerId)
      restart()
    }
    return {
      onPointerDown(e: PointerEvent<HTMLDivElement>) {
        if (e.pointerType === 'mouse' && e.button !== 0) return
        takeOver()
        const p = local(e)
        pointers.current.set(e.pointerId, p)
        dragged.current = false
        if (pointers.current.size === 1) {
          gesture.current = { kind: 'press', id: e.pointerId, start: p, from: transform.current }
          return
        }
        for (const id of pointers.current.keys()) capture(containerRef.current, id)
        restart()
      },
      onPointerMove(e: PointerEvent<HTMLDivElement>) {
        if (!pointers.current.has(e.pointerId)) return
        const p = local(e)
        pointers.current.set(e.pointerId, p)
        const g = gesture.current
        if (g.kind === 'press' && Math.hypot(p.x - g.start.x, p.y - g.start.y) > DRAG_THRESHOLD) {
          // Captured only now, so a plain click still reaches the card under the pointer.
          capture(containerRef.current, e.pointerId)
          gesture.current = { ...g, kind: 'drag' }
        }
        const now = gesture.current
        if (now.kind === 'drag' && now.id === e.pointerId) {
          dragged.current = true
          apply(panBy(now.from, p.x - now.start.x, p.y - now.start.y))
        } else if (now.kind === 'pinch') {
          dragged.current = true
          const [a, b] = [...pointers.current.values()] as [Point, Point]
          const k = clampZoom(now.from.k * (Math.hypot(b.x - a.x, b.y - a.y) / now.distance))
          // The map point that was under the fingers' midpoint follows the midpoint.
          const mx = (now.mid.x - now.from.x) / now.from.k
          const my = (now.mid.y - now.from.y) / now.from.k
          const mid = midpoint(a, b)
          apply({ k, x: mid.x - mx * k, y: mid.y - my * k })
        }
      },
      onPointerUp: release,
      onPointerCancel: release,
      /** A drag ends with a click on whatever is under the pointer: swallow it. */
      onClickCapture(e: MouseEvent) {
        if (!dragged.current) return
        dragged.current = false
        e.stopPropagation()
      },
    }
  }, [containerRef, transform, apply, takeOver])
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
}

function capture(el: HTMLElement | null, pointerId: number) {
  try {
    el?.setPointerCapture?.(pointerId)
  } catch {
    // The pointer may already be gone (released between events): nothing to capture.
  }
}
