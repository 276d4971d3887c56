import { describe, expect, it } from 'vitest'
import { AVATAR_COLORS, avatarColor, avatarInitial, hashString, userLabel } from './avatarColor'

describe('avatar colour', () => {
  it('has 15 distinct colours', () => {
    expect(AVATAR_COLORS).toHaveLength(15)
    expect(new Set(AVATAR_COLORS).size).toBe(15)
  })

  it('hashes like Java String.hashCode (stable across devices)', () => {
    expect(hashString('')).toBe(0)
    expect(hashString('a')).toBe(97)
    expect(hashString('Alice')).toBe(63350368)
    expect(hashString('hello world')).toBe(1794106052)
    // Long strings overflow 32 bits and wrap negative, as in Java.
    expect(hashString('The quick brown fox jumps over the lazy dog')).toBe(-609428141)
  })

  it('picks colour index |hash| mod 15', () => {
    expect(avatarColor('Alice')).toBe(AVATAR_COLORS[63350368 % 15])
    expect(avatarColor('The quick brown fox jumps over the lazy dog')).toBe(AVATAR_COLORS[609428141 % 15])
    expect(avatarColor('')).toBe(AVATAR_COLORS[0])
  })

  it('is deterministic and spreads names over the palette', () => {
    expect(avatarColor('bob@example.com')).toBe(avatarColor('bob@example.com'))
    const names = Array.from({ length: 300 }, (_, i) => `user${i}@example.com`)
    expect(new Set(names.map(avatarColor)).size).toBe(15)
  })

  it('uses the first letter, upper-cased, of the display name or e-mail', () => {
    expect(avatarInitial('alice')).toBe('A')
    expect(avatarInitial('  émile')).toBe('É')
    expect(avatarInitial('')).toBe('?')
    expect(avatarInitial(null)).toBe('?')
  })

  it('labels the user by display name, else e-mail', () => {
    expect(userLabel({ displayName: 'Alice', email: 'a@x.io' })).toBe('Alice')
    expect(userLabel({ displayName: '  ', email: 'a@x.io' })).toBe('a@x.io')
    expect(userLabel({ displayName: null, email: null })).toBe('')
    expect(userLabel(null)).toBe('')
  })
})
