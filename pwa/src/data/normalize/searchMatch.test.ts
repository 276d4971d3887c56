import { describe, expect, it } from 'vitest'
import { passagePieces, toSearchMatch } from './searchMatch'

describe('toSearchMatch', () => {
  it('reads a transcript match and slices highlights by UTF-16 offsets', () => {
    // "🎉" is two UTF-16 code units: the server's offsets count them so.
    const m = toSearchMatch({
      id: 'r',
      match: {
        field: 'transcript',
        passage: 'Le 🎉 café budgets',
        highlights: [
          [6, 10],
          [11, 18],
        ],
        start_time: 42.5,
      },
    })
    expect(m?.startTime).toBe(42.5)
    expect(passagePieces(m!)).toEqual([
      { text: 'Le 🎉 ', marked: false },
      { text: 'café', marked: true },
      { text: ' ', marked: false },
      { text: 'budgets', marked: true },
    ])
  })

  it('drops malformed, overlapping or out-of-range highlights and bad fields', () => {
    const m = toSearchMatch({
      match: { field: 'title', passage: 'abc', highlights: [[0, 1], [0, 2], [2, 9], 'x', [1.5, 2]] },
    })
    expect(m?.highlights).toEqual([[0, 1]])
    expect(m?.startTime).toBeNull()
    expect(toSearchMatch({ match: { field: 'html', passage: 'x' } })).toBeNull()
    expect(toSearchMatch({ id: 'r' })).toBeNull()
  })
})
