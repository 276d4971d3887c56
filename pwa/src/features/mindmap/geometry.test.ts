import { describe, expect, it } from 'vitest'
import { CORNER_RADIUS, ZOOM_MAX, ZOOM_MIN } from './constants'
import { ELBOW_OFFSET, elbowPath } from './edges'
import { wrapTitle, type Measure } from './textWrap'
import { clampZoom, fitTransform, panToReveal, visibleRect, wheelZoomFactor, zoomAt } from './viewport'

/** Every character 10 px wide: easy arithmetic. */
const mono: Measure = (t) => Array.from(t).length * 10

describe('wrapTitle', () => {
  it('keeps a short title on one line', () => {
    expect(wrapTitle('Release 3.4', 200, mono)).toEqual(['Release 3.4'])
  })

  it('wraps at word boundaries within the width', () => {
    expect(wrapTitle('one two three four five', 100, mono)).toEqual(['one two', 'three four', 'five'])
  })

  it('uses all three lines when the title fits exactly', () => {
    expect(wrapTitle('aaaa bbbb cccc dddd eeee ffff', 90, mono)).toEqual(['aaaa bbbb', 'cccc dddd', 'eeee ffff'])
  })

  it('cuts after three lines with an ellipsis that fits the width', () => {
    const lines = wrapTitle('aaaa bbbb cccc dddd eeee ffff gggg', 90, mono)
    expect(lines).toEqual(['aaaa bbbb', 'cccc dddd', 'eeee fff…'])
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(90)
  })

  it('breaks a word longer than a line between characters', () => {
    expect(wrapTitle('Supercalifragilistic', 80, mono)).toEqual(['Supercal', 'ifragili', 'stic'])
    expect(wrapTitle('x'.repeat(40), 50, mono)).toEqual(['xxxxx', 'xxxxx', 'xxxx…'])
  })

  it('never splits an emoji', () => {
    const lines = wrapTitle('🎉🎉🎉🎉🎉', 20, mono)
    expect(lines.join('')).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it('returns no line for an empty title', () => {
    expect(wrapTitle('   ', 100, mono)).toEqual([])
  })
})

describe('elbowPath', () => {
  it('is a straight line between cards at the same height', () => {
    expect(elbowPath(300, 50, 420, 50)).toBe('M300 50H420')
  })

  it('turns with the corner radius halfway through the gap, downwards and upwards', () => {
    const turn = 420 - ELBOW_OFFSET
    expect(elbowPath(300, 50, 420, 410)).toBe(
      `M300 50H${turn - CORNER_RADIUS}A60 60 0 0 1 ${turn} 110V350A60 60 0 0 0 ${turn + CORNER_RADIUS} 410H420`,
    )
    expect(elbowPath(300, 410, 420, 50)).toBe(
      `M300 410H${turn - CORNER_RADIUS}A60 60 0 0 0 ${turn} 350V110A60 60 0 0 1 ${turn + CORNER_RADIUS} 50H420`,
    )
  })

  it('shrinks the corners when the cards are closer than two radii', () => {
    expect(elbowPath(300, 0, 420, 40)).toContain('A20 20')
  })
})

describe('viewport math', () => {
  const view = { width: 800, height: 600 }

  it('clamps zoom to 0.1..2 and lands 0.2 steps on exact values', () => {
    expect(clampZoom(5)).toBe(ZOOM_MAX)
    expect(clampZoom(0.01)).toBe(ZOOM_MIN)
    expect(clampZoom(0.8 + 0.2)).toBe(1)
  })

  it('keeps the map point under the pointer in place when zooming', () => {
    const t = { x: 40, y: -30, k: 0.5 }
    const px = 123
    const py = 456
    const before = { x: (px - t.x) / t.k, y: (py - t.y) / t.k }
    const next = zoomAt(t, 1.3, px, py)
    expect(next.k).toBe(1.3)
    expect((px - next.x) / next.k).toBeCloseTo(before.x, 9)
    expect((py - next.y) / next.k).toBeCloseTo(before.y, 9)
  })

  it('fits a map centred, at most 100 % and at least the minimum zoom', () => {
    const small = fitTransform({ width: 300, height: 300 }, view)
    expect(small).toEqual({ k: 1, x: 250, y: 150 })
    const wide = fitTransform({ width: 3000, height: 600 }, view, 0)
    expect(wide.k).toBeCloseTo(800 / 3000, 6)
    const visible = visibleRect(wide, view)
    // Zoom is rounded to 1e-6, so the fit is exact to a hundredth of a pixel.
    expect(visible.x).toBeCloseTo(0, 2)
    expect(visible.width).toBeCloseTo(3000, 2)
    expect(fitTransform({ width: 100000, height: 100000 }, view).k).toBe(ZOOM_MIN)
  })

  it('zooms in on wheel up and out on wheel down, bounded per event', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1)
    expect(wheelZoomFactor(100)).toBeLessThan(1)
    expect(wheelZoomFactor(100000)).toBe(wheelZoomFactor(300))
  })

  it('pans only as far as needed to reveal a card', () => {
    const t = { x: 0, y: 0, k: 1 }
    expect(panToReveal(t, view, { x: 100, y: 100, width: 300, height: 100 })).toEqual({ dx: 0, dy: 0 })
    expect(panToReveal(t, view, { x: 700, y: 100, width: 300, height: 100 })).toEqual({ dx: -224, dy: 0 })
    expect(panToReveal(t, view, { x: 100, y: -200, width: 300, height: 100 })).toEqual({ dx: 0, dy: 224 })
  })
})
