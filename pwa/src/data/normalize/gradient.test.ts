import { describe, expect, it } from 'vitest'
import { fixtureFiles } from '@/mocks/fixtures'
import { argbToRgba, parseGradient } from './gradient'

const grid = Array.from({ length: 9 }, (_, i) => ({ x: (i % 3) / 2, y: Math.floor(i / 3) / 2 }))
const colors = Array.from({ length: 9 }, (_, i) => 0xff000000 + i)

describe('gradient validity (spec §5)', () => {
  it('accepts exactly 9 integer ARGB colours on 9 vertices in 0..1', () => {
    expect(parseGradient({ colors, vertices: grid })).toEqual({ colors, vertices: grid })
    expect(parseGradient(JSON.stringify({ colors, vertices: grid }))).not.toBeNull()
  })

  it.each([
    ['8 colours', { colors: colors.slice(1), vertices: grid }],
    ['10 vertices', { colors, vertices: [...grid, { x: 0, y: 0 }] }],
    ['no vertices', { colors }],
    ['string colours', { colors: colors.map((c) => `#${c.toString(16)}`), vertices: grid }],
    ['a fractional colour', { colors: [...colors.slice(1), 1.5], vertices: grid }],
    ['a colour above 32 bits', { colors: [...colors.slice(1), 2 ** 32], vertices: grid }],
    ['a negative colour', { colors: [...colors.slice(1), -1], vertices: grid }],
    ['a vertex outside 0..1', { colors, vertices: [...grid.slice(1), { x: 1.2, y: 0 }] }],
    ['a vertex without y', { colors, vertices: [...grid.slice(1), { x: 0 }] }],
    ['nothing', null],
  ])('falls back with %s', (_, data) => {
    expect(parseGradient(data)).toBeNull()
  })

  it('falls back for fixtures 17 (8 colours), 18 (no vertices), 19 (not integers) only', () => {
    const fallback = fixtureFiles()
      .filter((f) => parseGradient(f.recording.gradientData) === null)
      .map((f) => f.recording.id)
      .sort()
    expect(fallback).toEqual(['rec_17_untitled_flaky_tests', 'rec_18_empty_title_standup', 'rec_19_memo_no_transcript'])
  })

  it('splits ARGB into RGBA bytes', () => {
    expect(argbToRgba(0xff4f46e5)).toEqual([0x4f, 0x46, 0xe5, 0xff])
    expect(argbToRgba(0x80000000)).toEqual([0, 0, 0, 0x80])
  })
})
