import { describe, expect, it } from 'vitest'
import { animationSrc, clampDevicePixelRatio } from './animation'

describe('clampDevicePixelRatio', () => {
  it.each([
    [undefined, 1],
    [Number.NaN, 1],
    [0, 1],
    [0.75, 1],
    [1, 1],
    [1.5, 1.5],
    [3, 3],
    [3.5, 3],
    [Number.POSITIVE_INFINITY, 1],
  ])('clamps %s to %s', (ratio, want) => {
    expect(clampDevicePixelRatio(ratio)).toBe(want)
  })
})

describe('animationSrc', () => {
  it('serves each animation from /animations', () => {
    expect(animationSrc('no_summarise')).toBe('/animations/no_summarise.riv')
    expect(animationSrc('no_action')).toBe('/animations/no_action.riv')
  })
})
