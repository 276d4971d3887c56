/** The six single-digit boxes of the code step, as pure functions. */
export const CODE_LENGTH = 6

export type Digits = readonly string[]

export function emptyDigits(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '')
}

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '')
}

export function codeOf(digits: Digits): string {
  return digits.join('')
}

export function isComplete(digits: Digits): boolean {
  return digits.every((d) => /^\d$/.test(d))
}

/**
 * Typing or pasting `text` at box `index`: non-digits are dropped and the
 * digits fill successive boxes (at most six). A whole code pasted anywhere
 * starts at the first box, since that is what the user meant. Returns the new
 * digits and the box to focus next.
 */
export function enterDigits(digits: Digits, index: number, text: string): { digits: string[]; focus: number } {
  const incoming = onlyDigits(text)
  const next = [...digits]
  if (incoming === '') return { digits: next, focus: index }
  let at = incoming.length >= CODE_LENGTH ? 0 : index
  for (const digit of incoming.slice(0, CODE_LENGTH)) {
    if (at >= CODE_LENGTH) break
    next[at++] = digit
  }
  return { digits: next, focus: Math.min(at, CODE_LENGTH - 1) }
}

/**
 * What the user typed into a box that may already hold a digit: the browser
 * reports old and new together ("37" or "73"), so the old digit comes off.
 */
export function typedText(value: string, previous: string): string {
  if (previous && value.length > previous.length) {
    if (value.startsWith(previous)) return value.slice(previous.length)
    if (value.endsWith(previous)) return value.slice(0, value.length - previous.length)
  }
  return value
}
