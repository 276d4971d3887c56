import { decodeEntity, ENTITY_RE, safeHref } from './safeUrl'

/**
 * Inline markdown → a small syntax tree. Covers what AI summaries and chat
 * replies use: **strong**, *em*, ~~del~~, `code`, [links](url), <autolinks>,
 * bare URLs, backslash escapes, entities and line breaks. Raw HTML is not a
 * thing here: `<b>` stays the text "<b>".
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  /** href null: the link's target is not allowed, so it renders as plain text. */
  | { type: 'link'; href: string | null; children: Inline[] }
  | { type: 'br' }

const MAX_DEPTH = 8
const PUNCTUATION = /[!-/:-@[-`{-~]/
// Sticky (y) expressions match at lastIndex without copying the rest of the text.
const AUTOLINK_RE = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y
const EMAIL_AUTOLINK_RE = /<([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>/y
const BARE_URL_RE = /(?:https?:\/\/|www\.)[^\s<>"'`]*/iy
const PLAIN_RUN_RE = /[^\\\n`&![<hHwW*_~]+/y
const STICKY_ENTITY_RE = new RegExp(ENTITY_RE.source, 'y')
const TRAILING_PUNCT_RE = /[?!.,:;*_~'"]+$/

export function parseInline(src: string): Inline[] {
  return new InlineParser(src, 0, false).parse()
}

class InlineParser {
  private out: Inline[] = []
  private buf = ''
  private i = 0
  /** Per delimiter, the position from which no closer exists (keeps bad input linear). */
  private noCloserFrom = new Map<string, number>()
  private bracketPairs: Map<number, number> | null = null

  constructor(
    private readonly src: string,
    private readonly depth: number,
    private readonly inLink: boolean,
  ) {}

  parse(): Inline[] {
    if (this.depth > MAX_DEPTH) return [{ type: 'text', text: this.src }]
    while (this.i < this.src.length) this.step()
    this.flush()
    return this.out
  }

  private step(): void {
    // Fast path: a run of characters that start no syntax is text as is.
    const plain = matchAt(PLAIN_RUN_RE, this.src, this.i)
    if (plain) {
      this.buf += plain[0]
      this.i += plain[0].length
      return
    }
    const c = this.src[this.i] ?? ''
    const handled =
      (c === '\\' && this.escape()) ||
      (c === '\n' && this.lineBreak()) ||
      (c === '`' && this.codeSpan()) ||
      (c === '&' && this.entity()) ||
      (c === '!' && this.image()) ||
      (c === '[' && !this.inLink && this.link()) ||
      (c === '<' && !this.inLink && this.autolink()) ||
      ((c === 'h' || c === 'H' || c === 'w' || c === 'W') && !this.inLink && this.bareUrl()) ||
      ((c === '*' || c === '_' || c === '~') && this.emphasis(c))
    if (!handled) {
      this.buf += c
      this.i++
    }
  }

  private flush(): void {
    if (this.buf) this.out.push({ type: 'text', text: this.buf })
    this.buf = ''
  }

  private push(node: Inline): void {
    this.flush()
    this.out.push(node)
  }

  /** Matching `]` for each `[`, found in one pass so many unmatched `[` stay linear. */
  private closers(): Map<number, number> {
    if (this.bracketPairs) return this.bracketPairs
    const pairs = new Map<number, number>()
    const open: number[] = []
    for (let j = 0; j < this.src.length; j++) {
      const c = this.src[j]
      if (c === '\\') j++
      else if (c === '[') open.push(j)
      else if (c === ']' && open.length > 0) pairs.set(open.pop() as number, j)
    }
    this.bracketPairs = pairs
    return pairs
  }

  private child(src: string, inLink = this.inLink): Inline[] {
    return new InlineParser(src, this.depth + 1, inLink).parse()
  }

  private escape(): boolean {
    const next = this.src[this.i + 1]
    if (next === '\n') return this.skip(1) && this.lineBreak()
    if (next === undefined || !PUNCTUATION.test(next)) return false
    this.buf += next
    this.i += 2
    return true
  }

  private skip(n: number): boolean {
    this.i += n
    return true
  }

  /** A newline inside a paragraph is kept as a line break (chat and notes read that way). */
  private lineBreak(): boolean {
    this.buf = this.buf.replace(/[ \t]+$/, '')
    this.push({ type: 'br' })
    this.i++
    while (this.src[this.i] === ' ') this.i++
    return true
  }

  private codeSpan(): boolean {
    const run = runLength(this.src, this.i, '`')
    const fence = '`'.repeat(run)
    let j = this.src.indexOf(fence, this.i + run)
    while (j !== -1 && runLength(this.src, j, '`') !== run) j = this.src.indexOf(fence, j + runLength(this.src, j, '`'))
    if (j === -1) {
      this.buf += fence
      this.i += run
      return true
    }
    let code = this.src.slice(this.i + run, j).replace(/\n/g, ' ')
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1)
    this.push({ type: 'code', text: code })
    this.i = j + run
    return true
  }

  private entity(): boolean {
    const m = matchAt(STICKY_ENTITY_RE, this.src, this.i)
    if (!m?.[1]) return false
    const ch = decodeEntity(m[1])
    if (ch === null) return false
    this.buf += ch
    this.i += m[0].length
    return true
  }

  /** Images are never loaded (tracking pixels, data: URLs): only the alt text shows. */
  private image(): boolean {
    if (this.src[this.i + 1] !== '[') return false
    const parsed = parseLinkAt(this.src, this.i + 1, this.closers())
    if (!parsed) return false
    this.buf += parsed.label
    this.i = parsed.end
    return true
  }

  private link(): boolean {
    const parsed = parseLinkAt(this.src, this.i, this.closers())
    if (!parsed) return false
    this.push({ type: 'link', href: safeHref(parsed.dest), children: this.child(parsed.label, true) })
    this.i = parsed.end
    return true
  }

  private autolink(): boolean {
    const m = matchAt(AUTOLINK_RE, this.src, this.i) ?? matchAt(EMAIL_AUTOLINK_RE, this.src, this.i)
    if (!m || !m[1]) return false
    const target = m[1]
    const href = safeHref(target.includes(':') ? target : `mailto:${target}`)
    this.push({ type: 'link', href, children: [{ type: 'text', text: target }] })
    this.i += m[0].length
    return true
  }

  private bareUrl(): boolean {
    const prev = this.src[this.i - 1]
    if (prev !== undefined && !/[\s(*_~]/.test(prev)) return false
    const m = matchAt(BARE_URL_RE, this.src, this.i)
    if (!m) return false
    let url = m[0].replace(TRAILING_PUNCT_RE, '')
    // A closing parenthesis belongs to the URL only if it balances one inside it.
    while (url.endsWith(')') && count(url, '(') < count(url, ')')) url = url.slice(0, -1).replace(TRAILING_PUNCT_RE, '')
    if (/^www\.$/i.test(url) || url.length < 5) return false
    const href = safeHref(/^www\./i.test(url) ? `https://${url}` : url)
    if (!href) return false
    this.push({ type: 'link', href, children: [{ type: 'text', text: url }] })
    this.i += url.length
    return true
  }

  private emphasis(ch: string): boolean {
    const run = runLength(this.src, this.i, ch)
    const next = this.src[this.i + run]
    const prev = this.src[this.i - 1]
    const opensBeforeSpace = next === undefined || /\s/.test(next)
    const intraword = ch === '_' && prev !== undefined && /[\p{L}\p{N}]/u.test(prev)
    if (opensBeforeSpace || intraword || (ch === '~' && run < 2)) return this.literal(ch, run)
    const tries: [number, 'strong' | 'em' | 'del'][] = ch === '~' ? [[2, 'del']] : [[2, 'strong'], [1, 'em']]
    for (const [len, type] of tries) {
      if (run < len) continue
      const close = this.findCloser(ch, len, this.i + len)
      if (close === -1) continue
      this.push({ type, children: this.child(this.src.slice(this.i + len, close)) })
      this.i = close + len
      return true
    }
    return this.literal(ch, run)
  }

  private literal(ch: string, run: number): boolean {
    this.buf += ch.repeat(run)
    this.i += run
    return true
  }

  /** Start of a closing run of `len` × `ch` after `from` (not after whitespace), or -1. */
  private findCloser(ch: string, len: number, from: number): number {
    const key = ch + len
    const known = this.noCloserFrom.get(key)
    if (known !== undefined && from >= known) return -1
    let j = this.src.indexOf(ch, from + 1)
    while (j !== -1) {
      const run = runLength(this.src, j, ch)
      const before = this.src[j - 1] ?? ' '
      const after = this.src[j + run]
      const rightOk = ch !== '_' || after === undefined || !/[\p{L}\p{N}]/u.test(after)
      if (!/\s/.test(before) && rightOk && (run === len || (run > len && run >= 3))) return j + run - len
      j = this.src.indexOf(ch, j + run)
    }
    this.noCloserFrom.set(key, Math.min(known ?? Infinity, from))
    return -1
  }
}

function matchAt(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at
  return re.exec(s)
}

function runLength(s: string, at: number, ch: string): number {
  let n = 0
  while (s[at + n] === ch) n++
  return n
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1
}

/** `[label](dest "title")` starting at `start` (the `[`); null if it is not one. */
function parseLinkAt(
  src: string,
  start: number,
  closers: Map<number, number>,
): { label: string; dest: string; end: number } | null {
  const j = closers.get(start)
  if (j === undefined || src[j + 1] !== '(') return null
  const m = /^\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+("[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.exec(
    src.slice(j + 1, j + 2050),
  )
  if (!m) return null
  const rawDest = m[1] ?? ''
  const dest = rawDest.startsWith('<') ? rawDest.slice(1, -1) : rawDest
  return { label: src.slice(start + 1, j), dest: dest.replace(/\\([!-/:-@[-`{-~])/g, '$1'), end: j + 1 + m[0].length }
}
