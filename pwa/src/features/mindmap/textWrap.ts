import { FONT_FAMILY, TITLE_FONT_SIZE, TITLE_FONT_WEIGHT, TITLE_MAX_LINES } from './constants'

/** Width in CSS pixels of a string in the node title font. */
export type Measure = (text: string) => number

const ELLIPSIS = '…'

/**
 * Greedy word wrap into at most `maxLines` lines of `maxWidth`; a word wider
 * than a line is broken between characters, and text that does not fit ends
 * in an ellipsis. SVG text does not wrap by itself, and doing it here keeps
 * the screen and the exported SVG/PNG identical.
 */
export function wrapTitle(title: string, maxWidth: number, measure: Measure, maxLines = TITLE_MAX_LINES): string[] {
  const words = title.split(/\s+/).filter(Boolean)
  // Each word is measured once and lines are summed, not re-measured: 2,000 titles wrap in a few ms.
  const space = measure(' ')
  const lines: string[] = []
  let line = ''
  let lineWidth = 0
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!
    const wordWidth = measure(word)
    const candidate = line ? lineWidth + space + wordWidth : wordWidth
    if (candidate <= maxWidth) {
      line = line ? `${line} ${word}` : word
      lineWidth = candidate
      continue
    }
    if (line) {
      lines.push(line)
      line = ''
      if (lines.length === maxLines) return withEllipsis(lines, words.slice(w).join(' '), maxWidth, measure)
    }
    // The word alone is too wide: break it where it stops fitting.
    let rest = word
    while (measure(rest) > maxWidth) {
      const cut = fitPrefix(rest, maxWidth, measure)
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
      if (lines.length === maxLines)
        return withEllipsis(lines, [rest, ...words.slice(w + 1)].join(' '), maxWidth, measure)
    }
    line = rest
    lineWidth = measure(rest)
  }
  if (line) lines.push(line)
  return lines
}

/** Marks the last line as cut when `overflow` text did not fit. */
function withEllipsis(lines: string[], overflow: string, maxWidth: number, measure: Measure): string[] {
  if (!overflow.trim()) return lines
  const last = lines.length - 1
  let text = lines[last]!
  while (text && measure(text + ELLIPSIS) > maxWidth) text = Array.from(text).slice(0, -1).join('')
  lines[last] = text.trimEnd() + ELLIPSIS
  return lines
}

/** Length (in UTF-16 units, at a code-point boundary) of the longest prefix that fits, at least one character. */
function fitPrefix(word: string, maxWidth: number, measure: Measure): number {
  const chars = Array.from(word)
  let fit = chars[0]!.length
  let acc = chars[0]!
  for (let i = 1; i < chars.length; i++) {
    if (measure(acc + chars[i]) > maxWidth) break
    acc += chars[i]
    fit = acc.length
  }
  return fit
}

const TITLE_FONT = `${TITLE_FONT_WEIGHT} ${TITLE_FONT_SIZE}px ${FONT_FAMILY}`

/**
 * The title font's measure: real glyph widths from a canvas where there is
 * one (OffscreenCanvas; jsdom has none), cached per character because
 * measuring each title would cost milliseconds on a 2,000-node map. Kerning is
 * ignored; callers leave a few per cent of slack.
 */
export function createMeasure(font = TITLE_FONT): Measure {
  const ctx = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null
  if (ctx) ctx.font = font
  const measureChar = (ch: string) => (ctx ? ctx.measureText(ch).width : estimateCharWidth(ch))
  // UTF-16 units of the Basic Multilingual Plane in a flat table (NaN = not measured yet); other characters in a map.
  const bmp = new Float64Array(0x10000).fill(Number.NaN)
  const astral = new Map<string, number>()
  const words = new Map<string, number>()
  return (text: string) => {
    // Words repeat across titles and are worth a lookup; longer runs are summed directly.
    const cacheable = text.length <= 24
    if (cacheable) {
      const known = words.get(text)
      if (known !== undefined) return known
    }
    let width = 0
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const ch = text.slice(i, i + 2)
        let w = astral.get(ch)
        if (w === undefined) astral.set(ch, (w = measureChar(ch)))
        width += w
        i++
        continue
      }
      let w = bmp[code]!
      if (Number.isNaN(w)) bmp[code] = w = measureChar(text[i]!)
      width += w
    }
    if (cacheable) {
      if (words.size > 20_000) words.clear()
      words.set(text, width)
    }
    return width
  }
}

/** Rough widths (in ems) of a 600-weight sans serif, for environments without a canvas. */
function estimateCharWidth(ch: string, fontSize = TITLE_FONT_SIZE): number {
  let em = 0.6
  if (ch === ' ') em = 0.28
  else if (/[iljtf.,:;'|!()[\]]/.test(ch)) em = 0.32
  else if (/[mwMW@%]/.test(ch)) em = 0.9
  else if (/[A-Z0-9#$&]/.test(ch)) em = 0.68
  else if (ch.codePointAt(0)! > 0x2e80) em = 1
  return em * fontSize
}
