import { describe, expect, it } from 'vitest'
import { codeOf, emptyDigits, enterDigits, isComplete, onlyDigits, typedText } from './codeDigits'

const d = (s: string) =>
  s
    .padEnd(6, ' ')
    .split('')
    .map((c) => (c === ' ' ? '' : c))

describe('code digits', () => {
  it('start empty, six boxes', () => {
    expect(emptyDigits()).toEqual(['', '', '', '', '', ''])
    expect(isComplete(emptyDigits())).toBe(false)
  })

  it('strip non-digits', () => {
    expect(onlyDigits('1a2-3 4')).toBe('1234')
  })

  it('typing one digit fills the box and moves on', () => {
    expect(enterDigits(emptyDigits(), 0, '7')).toEqual({ digits: d('7'), focus: 1 })
  })

  it('several digits fill successive boxes from the current one, at most to the last box', () => {
    expect(enterDigits(emptyDigits(), 2, '123')).toEqual({ digits: d('  123'), focus: 5 })
    expect(enterDigits(emptyDigits(), 4, '999')).toEqual({ digits: d('    99'), focus: 5 })
  })

  it('a whole code pasted anywhere starts at the first box (max 6)', () => {
    const result = enterDigits(d('9'), 3, '12-34-56-78')
    expect(result).toEqual({ digits: d('123456'), focus: 5 })
    expect(codeOf(result.digits)).toBe('123456')
    expect(isComplete(result.digits)).toBe(true)
  })

  it('non-digit input changes nothing', () => {
    expect(enterDigits(d('12'), 2, 'ab')).toEqual({ digits: d('12'), focus: 2 })
  })

  it('typing over a filled box keeps only the new digit', () => {
    expect(typedText('37', '3')).toBe('7')
    expect(typedText('73', '3')).toBe('7')
    expect(typedText('33', '3')).toBe('3')
    expect(typedText('5', '')).toBe('5')
  })
})
