import type { TranscriptSegment } from '@/data/normalize/transcript'
import { rangeOf } from '@/data/highlights/quote'

export interface SelectedRange {
  start: number
  end: number
  /** The first and last selected lines' positions. */
  first: number
  last: number
}

/** The transcript line (li[data-index]) a node is in, within the list. */
function lineOf(node: Node | null, list: HTMLElement): HTMLElement | null {
  const el = node instanceof Element ? node : (node?.parentElement ?? null)
  const li = el?.closest<HTMLElement>('li[data-index]') ?? null
  return li && list.contains(li) ? li : null
}

/**
 * The lines a selection covers, as a range of the recording: from the
 * start of the first line to the end of the last (the server then quotes
 * every line the range overlaps). Null when nothing of the transcript is
 * selected. A selection that starts or ends outside the list (Select all)
 * covers the lines it reaches.
 */
export function selectedRange(
  selection: Selection | null,
  list: HTMLElement | null,
  segments: TranscriptSegment[],
): SelectedRange | null {
  if (!selection || !list || selection.isCollapsed || selection.rangeCount === 0) return null
  if (selection.toString().trim() === '') return null
  const range = selection.getRangeAt(0)
  if (!range.intersectsNode(list)) return null
  let lines = [lineOf(range.startContainer, list), lineOf(range.endContainer, list)]
  if (!lines[0] || !lines[1]) {
    const reached = [...list.querySelectorAll<HTMLElement>('li[data-index]')].filter((li) => range.intersectsNode(li))
    lines = [lines[0] ?? reached[0] ?? null, lines[1] ?? reached.at(-1) ?? null]
  }
  const [a, b] = lines.map((li) => Number(li?.dataset.index))
  if (a === undefined || b === undefined || !Number.isInteger(a) || !Number.isInteger(b)) return null
  const first = Math.min(a, b)
  const last = Math.max(a, b)
  const from = segments[first]
  const to = segments[last]
  if (!from || !to) return null
  return { ...rangeOf(from, to), first, last }
}
