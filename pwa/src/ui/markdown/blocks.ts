import { parseInline, type Inline } from './inline'

/**
 * Block-level markdown → a syntax tree, line by line. A deliberately small
 * CommonMark/GFM subset: what AI summaries and chat replies contain. It is
 * lenient where models are sloppy (two-space nested lists, lists and tables
 * right after a paragraph line) and never produces raw HTML.
 */
export type Align = 'left' | 'center' | 'right' | null

export interface ListItem {
  /** null: a plain item; true/false: a task-list item `- [x]` / `- [ ]`. */
  checked: boolean | null
  children: Block[]
}

export type Block =
  | { type: 'heading'; level: number; content: Inline[] }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'hr' }
  | { type: 'table'; align: Align[]; header: Inline[][]; rows: Inline[][][] }

interface Match {
  block: Block
  next: number
}

/** Nesting beyond this (quotes in lists in quotes…) is shown as text: bounds work on hostile input. */
const MAX_DEPTH = 12
const FENCE_RE = /^( {0,3})(`{3,}|~{3,})(.*)$/
const HEADING_RE = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const HR_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const QUOTE_RE = /^ {0,3}> ?(.*)$/
const ITEM_RE = /^( *)([-*+]|(\d{1,9})[.)])(?:( +)(.*))?$/
const TASK_RE = /^\[([ xX])\][ \t]+/
const DELIM_CELL_RE = /^:?-+:?$/

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/\0/g, '\ufffd').split('\n')
  return parseLines(lines, 0)
}

function parseLines(lines: string[], depth: number): Block[] {
  const out: Block[] = []
  let i = 0
  while (i < lines.length) {
    if (isBlank(lines[i])) {
      i++
      continue
    }
    const m =
      fence(lines, i) ??
      heading(lines, i) ??
      rule(lines, i) ??
      (depth < MAX_DEPTH ? (quote(lines, i, depth) ?? list(lines, i, depth)) : null) ??
      table(lines, i) ??
      paragraph(lines, i)
    out.push(m.block)
    i = m.next
  }
  return out
}

function isBlank(line: string | undefined): boolean {
  return line === undefined || line.trim() === ''
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length
}

/** Whether `line` begins a block that ends a paragraph. */
function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i] ?? ''
  if (FENCE_RE.test(line) || HEADING_RE.test(line) || HR_RE.test(line) || QUOTE_RE.test(line)) return true
  const item = ITEM_RE.exec(line)
  if (item && item[5] && item[5].trim() !== '' && indentOf(line) < 4) return true
  return isTableStart(lines, i)
}

function fence(lines: string[], start: number): Match | null {
  const open = FENCE_RE.exec(lines[start] ?? '')
  if (!open) return null
  const indent = open[1]?.length ?? 0
  const marker = open[2] ?? '```'
  const info = (open[3] ?? '').trim()
  if (marker[0] === '`' && info.includes('`')) return null
  const body: string[] = []
  let i = start + 1
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
    if (close?.[1] && close[1][0] === marker[0] && close[1].length >= marker.length) {
      i++
      break
    }
    body.push(line.slice(Math.min(indent, indentOf(line))))
  }
  return { block: { type: 'code', lang: info.split(/\s+/)[0] ?? '', text: body.join('\n') }, next: i }
}

function heading(lines: string[], i: number): Match | null {
  const m = HEADING_RE.exec(lines[i] ?? '')
  if (!m?.[1]) return null
  return { block: { type: 'heading', level: m[1].length, content: parseInline(m[2] ?? '') }, next: i + 1 }
}

function rule(lines: string[], i: number): Match | null {
  return HR_RE.test(lines[i] ?? '') ? { block: { type: 'hr' }, next: i + 1 } : null
}

function quote(lines: string[], start: number, depth: number): Match | null {
  if (!QUOTE_RE.test(lines[start] ?? '')) return null
  const body: string[] = []
  let i = start
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const m = QUOTE_RE.exec(line)
    if (m) body.push(m[1] ?? '')
    // A "lazy" line continues the quoted paragraph without its own ">".
    else if (!isBlank(line) && !isBlank(body[body.length - 1]) && !startsBlock(lines, i)) body.push(line)
    else break
  }
  return { block: { type: 'blockquote', children: parseLines(body, depth + 1) }, next: i }
}

function list(lines: string[], start: number, depth: number): Match | null {
  const first = ITEM_RE.exec(lines[start] ?? '')
  if (!first || indentOf(lines[start] ?? '') > 3) return null
  const ordered = first[3] !== undefined
  const items: ListItem[] = []
  let i = start
  while (i < lines.length) {
    const m = ITEM_RE.exec(lines[i] ?? '')
    if (!m || (m[3] !== undefined) !== ordered) break
    const item = listItem(lines, i, m, depth)
    items.push(item.item)
    i = item.next
    // Blank lines between items keep the list going; anything else ends it.
    let j = i
    while (isBlank(lines[j]) && j < lines.length) j++
    if (j > i && !ITEM_RE.test(lines[j] ?? '')) break
    i = j
  }
  const startNo = ordered ? Number(first[3]) : 1
  return { block: { type: 'list', ordered, start: startNo, items }, next: i }
}

function listItem(lines: string[], start: number, m: RegExpExecArray, depth: number): { item: ListItem; next: number } {
  const markerIndent = m[1]?.length ?? 0
  const spaces = m[4]?.length ?? 1
  const contentIndent = markerIndent + (m[2]?.length ?? 1) + (spaces > 4 ? 1 : spaces)
  const body = [m[5] ?? '']
  let i = start + 1
  let sawBlank = false
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (isBlank(line)) {
      body.push('')
      sawBlank = true
      continue
    }
    const indent = indentOf(line)
    const isItem = ITEM_RE.test(line)
    if (isItem && indent <= markerIndent) break
    // Models nest with two spaces under "1. ": an item indented past this marker is a child.
    if (indent >= contentIndent || (isItem && indent > markerIndent)) {
      body.push(line.slice(Math.min(indent, contentIndent)))
    } else if (!sawBlank && !startsBlock(lines, i)) {
      body.push(line.trimStart())
    } else break
    sawBlank = false
  }
  while (body.length > 1 && isBlank(body[body.length - 1])) {
    body.pop()
    i--
  }
  const task = TASK_RE.exec(body[0] ?? '')
  if (task) body[0] = (body[0] ?? '').slice(task[0].length)
  const checked = task ? task[1] !== ' ' : null
  return { item: { checked, children: parseLines(body, depth + 1) }, next: i }
}

function splitRow(line: string): string[] {
  let s = line.trim()
  if (s.startsWith('|')) s = s.slice(1)
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1)
  return s.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'))
}

function isTableStart(lines: string[], i: number): boolean {
  const head = lines[i] ?? ''
  const delim = lines[i + 1]
  if (!head.includes('|') || delim === undefined || !delim.includes('-')) return false
  const cells = splitRow(delim)
  return cells.every((c) => DELIM_CELL_RE.test(c)) && cells.length === splitRow(head).length
}

function table(lines: string[], start: number): Match | null {
  if (!isTableStart(lines, start)) return null
  const header = splitRow(lines[start] ?? '')
  const align = splitRow(lines[start + 1] ?? '').map(toAlign)
  const rows: Inline[][][] = []
  let i = start + 2
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (isBlank(line) || !line.includes('|') || startsBlock(lines, i)) break
    const cells = splitRow(line)
    rows.push(header.map((_, c) => parseInline(cells[c] ?? '')))
  }
  return { block: { type: 'table', align, header: header.map((c) => parseInline(c)), rows }, next: i }
}

function toAlign(cell: string): Align {
  const left = cell.startsWith(':')
  const right = cell.endsWith(':')
  return left && right ? 'center' : right ? 'right' : left ? 'left' : null
}

function paragraph(lines: string[], start: number): Match {
  const body = [(lines[start] ?? '').trim()]
  let i = start + 1
  for (; i < lines.length && !isBlank(lines[i]) && !startsBlock(lines, i); i++) body.push((lines[i] ?? '').trim())
  return { block: { type: 'paragraph', content: parseInline(body.join('\n')) }, next: i }
}
