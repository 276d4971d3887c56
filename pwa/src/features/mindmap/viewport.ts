import { ZOOM_MAX, ZOOM_MIN } from './constants'

/**
 * Pure pan/zoom math. A transform maps map coordinates to screen pixels of the
 * viewport: screen = map × k + (x, y).
 */
export interface Transform {
  x: number
  y: number
  k: number
}

export interface Size {
  width: number
  height: number
}

export interface Rect extends Size {
  x: number
  y: number
}

export const IDENTITY: Transform = { x: 0, y: 0, k: 1 }

/** Zoom factors are rounded to 1e-6 so 0.2 steps land on exact values (1.0, not 0.9999999). */
export function clampZoom(k: number): number {
  return Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k)) * 1e6) / 1e6
}

/** Zooms to `k` keeping the map point under screen point (px, py) where it is. */
export function zoomAt(t: Transform, k: number, px: number, py: number): Transform {
  const next = clampZoom(k)
  const ratio = next / t.k
  return { k: next, x: px - (px - t.x) * ratio, y: py - (py - t.y) * ratio }
}

export function panBy(t: Transform, dx: number, dy: number): Transform {
  return { ...t, x: t.x + dx, y: t.y + dy }
}

/**
 * The whole map centred in the viewport, as large as fits but never above
 * 100 % (a three-node map blown up to 200 % reads worse, not better) and never
 * below the minimum zoom (a huge map then shows its middle).
 */
export function fitTransform(content: Size, viewport: Size, padding = 16): Transform {
  const w = Math.max(1, viewport.width - 2 * padding)
  const h = Math.max(1, viewport.height - 2 * padding)
  const k = clampZoom(Math.min(1, w / content.width, h / content.height))
  return { k, x: (viewport.width - content.width * k) / 2, y: (viewport.height - content.height * k) / 2 }
}

/** The part of the map the viewport shows, in map coordinates. */
export function visibleRect(t: Transform, viewport: Size): Rect {
  return { x: -t.x / t.k, y: -t.y / t.k, width: viewport.width / t.k, height: viewport.height / t.k }
}

export function grow(r: Rect, by: number): Rect {
  return {
    x: r.x - r.width * by,
    y: r.y - r.height * by,
    width: r.width * (1 + 2 * by),
    height: r.height * (1 + 2 * by),
  }
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  )
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** Wheel delta in pixels whatever the device reports (lines, pages). */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * 16
  if (deltaMode === 2) return deltaY * pageHeight
  return deltaY
}

/** Zoom factor for a wheel turn: one notch (100 px) is about ±16 %, trackpads scale smoothly. */
export function wheelZoomFactor(pixels: number): number {
  return Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.0015)
}

/** Smallest pan that brings `r` (map coordinates) fully into view with a margin; zero when already visible. */
export function panToReveal(t: Transform, viewport: Size, r: Rect, margin = 24): { dx: number; dy: number } {
  const left = r.x * t.k + t.x
  const top = r.y * t.k + t.y
  const right = left + r.width * t.k
  const bottom = top + r.height * t.k
  const axis = (lo: number, hi: number, size: number) =>
    hi - lo > size - 2 * margin
      ? size / 2 - (lo + hi) / 2
      : lo < margin
        ? margin - lo
        : hi > size - margin
          ? size - margin - hi
          : 0
  return { dx: axis(left, right, viewport.width), dy: axis(top, bottom, viewport.height) }
}
