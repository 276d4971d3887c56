/**
 * Link and entity safety for AI-written markdown. Only http(s) and mailto
 * links become anchors; everything else (javascript:, data:, vbscript:, file:,
 * relative paths, protocol-relative URLs) is shown as plain text.
 */

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const HOST_RE = /^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/i

/**
 * The normalised href for an allowed absolute URL, or null. The parser has
 * already decoded character references once; decoding again here means even a
 * double-encoded `javascript&amp;#58;…` cannot slip past the scheme check, and
 * the URL parser strips the tabs, newlines and control characters that
 * browsers ignore inside schemes (`java\nscript:`).
 */
export function safeHref(raw: string): string | null {
  const candidate = decodeEntities(raw).trim()
  if (candidate === '' || candidate.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null
  // The parser lets odd characters (quotes, parentheses) into host names; real hosts never have them.
  if (url.protocol !== 'mailto:' && !HOST_RE.test(url.hostname)) return null
  return url.href
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  times: '×',
  deg: '°',
  colon: ':',
  sol: '/',
  lpar: '(',
  rpar: ')',
  Tab: '\t',
  NewLine: '\n',
}

const ENTITY_RE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/

/** The character an entity body (without & and ;) stands for, or null if unknown. */
function decodeEntity(body: string): string | null {
  if (body[0] !== '#') return NAMED[body] ?? null
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
  // NUL, surrogates and out-of-range code points are replaced, as HTML does.
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd'
  return String.fromCodePoint(code)
}

/** Decodes every known entity in `s`; unknown ones stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(new RegExp(ENTITY_RE.source, 'g'), (whole, body: string) => decodeEntity(body) ?? whole)
}
