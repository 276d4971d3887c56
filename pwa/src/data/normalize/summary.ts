import { asArray, isObject, text, unwrap, flag, type LooseObject } from './loose'
import { v2Field, type Summarization } from './summarization'

/**
 * One summary component (spec §3 "Component: type, text, items"). `text` and
 * `items` may hold inline markdown (bold, links); the tab renders them safely.
 */
export type SummaryComponent =
  | { type: 'h1' | 'h2' | 'tldr' | 'p' | 'caption'; text: string }
  | { type: 'section'; text: string; items: string[] }
  | { type: 'ul'; text: string; items: string[] }
  | { type: 'li-check'; id: string; text: string; completed: boolean }
  /** text null: the tab shows the 'Unknown component type' note. */
  | { type: 'unknown'; rawType: string; text: string | null }

export type SummaryContent =
  | { kind: 'markdown'; blocks: string[] }
  | { kind: 'components'; components: SummaryComponent[] }
  | { kind: 'text'; text: string }
  | { kind: 'sections'; sections: { title: string; body: string }[] }

const MAX_DEPTH = 4

/**
 * The Summary tab's content: `v2Summary`, then `summary`, then the v2
 * object's `summary` — the first that has content by the spec's presence rule
 * (§5); null means the empty state. The Go side (pkg/loose.Summary) picks the
 * same candidate, so previews, search and this tab agree.
 *
 * Strings: markdown when they use markdown syntax, split into blocks at `##`
 * headings; otherwise plain text. A `content` field is read like the summary
 * itself (a string becomes markdown or text by the same test, an array becomes
 * components), because exports put all of those under `content`.
 */
export function normalizeSummary(summarization: Summarization | null): SummaryContent | null {
  if (!summarization) return null
  for (const candidate of [summarization.v2Summary, summarization.summary, v2Field(summarization, 'summary')]) {
    const content = fromValue(candidate, 0)
    if (content) return content
  }
  return null
}

function fromValue(raw: unknown, depth: number): SummaryContent | null {
  if (depth > MAX_DEPTH) return null
  const value = unwrap(raw)
  if (typeof value === 'string') return fromString(value)
  if (Array.isArray(value)) return fromComponents(value)
  if (!isObject(value)) return null
  if (typeof value.markdown === 'string' && value.markdown.trim() !== '') return markdown(value.markdown)
  const components = asArray(value.components)
  if (components) {
    const c = fromComponents(components)
    if (c) return c
  }
  const content = fromValue(value.content, depth + 1)
  if (content) return content
  const sections = asArray(value.sections)
  if (sections) return fromSections(sections)
  return typeof value.text === 'string' ? fromString(value.text) : null
}

function fromString(s: string): SummaryContent | null {
  if (s.trim() === '') return null
  return looksLikeMarkdown(s) ? markdown(s) : { kind: 'text', text: s.trim() }
}

const MARKDOWN_HINTS = [
  /^ {0,3}#{1,6}\s/m, // heading
  /^ {0,3}([-*+]|\d{1,9}[.)])\s+\S/m, // list item
  /^ {0,3}>/m, // quote
  /^ {0,3}(```|~~~)/m, // fence
  /\*\*[^*\n]+\*\*|__[^_\n]+__/, // strong
  /\[[^\]\n]+\]\([^)\n]+\)/, // link
  /`[^`\n]+`/, // code
  /^\s*\|.*\|\s*$/m, // table row
]

/** Whether a summary string uses markdown syntax (else it is shown as plain text). */
export function looksLikeMarkdown(s: string): boolean {
  return MARKDOWN_HINTS.some((re) => re.test(s))
}

function markdown(s: string): SummaryContent | null {
  const blocks = splitMarkdownBlocks(s)
  return blocks.length > 0 ? { kind: 'markdown', blocks } : null
}

/**
 * Splits markdown into blocks at level-2 headings (each block starts with its
 * `##` line; text before the first one is a block of its own). Lines inside
 * fenced code never split. Blank blocks are dropped.
 */
export function splitMarkdownBlocks(md: string): string[] {
  const blocks: string[][] = [[]]
  let fence: string | null = null
  for (const line of md.replace(/\r\n?/g, '\n').split('\n')) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (f && (fence === null || (f[0] === fence[0] && f.length >= fence.length))) fence = fence === null ? f : null
    if (fence === null && /^ {0,3}##(\s|$)/.test(line) && !f) blocks.push([])
    blocks[blocks.length - 1]?.push(line)
  }
  return blocks.map((b) => b.join('\n').trim()).filter((b) => b !== '')
}

function fromComponents(list: unknown[]): SummaryContent | null {
  const components: SummaryComponent[] = []
  list.forEach((raw, i) => {
    const c = toComponent(unwrap(raw), i)
    if (c) components.push(c)
  })
  return components.length > 0 ? { kind: 'components', components } : null
}

function toComponent(raw: unknown, index: number): SummaryComponent | null {
  if (typeof raw === 'string') return raw.trim() ? { type: 'p', text: raw.trim() } : null
  if (!isObject(raw)) return null
  const type = text(raw.type).trim().toLowerCase()
  const body = text(raw.text ?? raw.content ?? raw.title).trim()
  switch (type) {
    case 'h1':
    case 'h2':
    case 'tldr':
    case 'p':
    case 'caption':
      return body ? { type, text: body } : null
    case 'section':
    case 'ul': {
      const items = itemsOf(raw)
      return body || items.length > 0 ? { type, text: body, items } : null
    }
    case 'li-check':
      return body
        ? { type: 'li-check', id: text(raw.id) || `check-${index}`, text: body, completed: isDone(raw) }
        : null
    default:
      return { type: 'unknown', rawType: type, text: body || null }
  }
}

function itemsOf(raw: LooseObject): string[] {
  return (asArray(raw.items) ?? [])
    .map((it) => (isObject(it) ? text(it.text ?? it.title ?? it.content) : text(it)).trim())
    .filter((s) => s !== '')
}

function isDone(raw: LooseObject): boolean {
  return flag(raw.completed) || flag(raw.isCompleted) || flag(raw.checked)
}

function fromSections(list: unknown[]): SummaryContent | null {
  const sections = list
    .map(unwrap)
    .filter(isObject)
    .map((s) => ({ title: text(s.title).trim(), body: text(s.content ?? s.text).trim() }))
    .filter((s) => s.title !== '' || s.body !== '')
  return sections.length > 0 ? { kind: 'sections', sections } : null
}
