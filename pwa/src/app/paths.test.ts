import { describe, expect, it } from 'vitest'
import { drawsOverPrerender, screenAt, SIGNED_IN_SCREENS } from './paths'

describe('screenAt (which screen a path opens, as the router reads it)', () => {
  it.each(['/', '/recordings', '/recordings/', '/RECORDINGS'])('%s is the list', (path) => {
    expect(screenAt(path)).toEqual({ screen: 'list' })
  })

  it.each([
    ['/recordings/rec_01', 'rec_01'],
    ['/recordings/rec_01/', 'rec_01'],
    ['/Recordings/Rec_01', 'Rec_01'], // the path is matched case-insensitively; the id is kept as written
    ['/recordings/a%20b%25', 'a b%'],
    ['/recordings/100%', '100%'], // a malformed escape is kept as written, as the screen keeps it
  ])('%s is the recording %s', (path, id) => {
    expect(screenAt(path)).toEqual({ screen: 'detail', id })
  })

  it.each(['/ask', '/login', '/recordings/a/b', '/shared/recording', '//', ''])('%s is neither', (path) => {
    expect(screenAt(path)).toBeUndefined()
  })

  it('every list and recording path is a signed-in screen', () => {
    for (const path of ['/recordings', '/recordings/', '/recordings/x', '/ask', '/ASK/'])
      expect(SIGNED_IN_SCREENS.test(path)).toBe(true)
    for (const path of ['/', '/login', '/recordings/a/b', '/shared/recording'])
      expect(SIGNED_IN_SCREENS.test(path)).toBe(false)
  })
})

describe('drawsOverPrerender', () => {
  it('is true for the pages with a static copy of their own, with or without a trailing slash', () => {
    const withCopy = [
      '/login',
      '/shared/recording',
      '/recordings',
      '/recordings/',
      '/recordings/rec_01',
      '/recordings/rec_01/',
    ]
    expect(withCopy.map(drawsOverPrerender)).toEqual(withCopy.map(() => true))
    expect(['/', '/ask', '/recordings/rec_01/more', '/nope'].map(drawsOverPrerender)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})
