import type { Root, RootContent } from 'mdast'
import { parseMarkdown, parseMarkdownBlocks } from './parse'

/**
 * A text that grows at its end (a chat reply revealed word by word) is parsed
 * again only from a recent block. In CommonMark only the last block is open,
 * but more text can change what the last line is ("-", an empty list item,
 * becomes "--", a lazy continuation of the block before), and how a block
 * starts depends on the block before it (micromark: "2) x" right after a
 * paragraph is text, after a blank line a list). So parsing resumes at the
 * latest block that is not one of the last two and follows a blank line,
 * where it starts as it would at the top of a text; but never right after
 * indented code, which micromark lets reach past blank lines ("2) x" after
 * it is text however many blank lines come between). Reference and footnote
 * definitions can change text anywhere, so a text with one is parsed whole,
 * as is anything that is not an extension of the previous text.
 */
export interface GrowingParse {
  source: string
  tree: Root
  /** The blocks no appended text can change. */
  settled: RootContent[]
  /** Where the line of the block parsing resumes at starts. */
  tailStart: number
}

const DEFINITION = /^ {0,3}\[[^\]]+\]:/m

export function parseGrowing(source: string, previous?: GrowingParse): GrowingParse {
  if (DEFINITION.test(source)) return { source, tree: parseMarkdown(source), settled: [], tailStart: 0 }
  const resume = previous && source.startsWith(previous.source) ? previous : { settled: [], tailStart: 0 }
  const tail = parseMarkdownBlocks(source.slice(resume.tailStart))
  return split(source, resume.settled, tail.children, resume.tailStart)
}

const OPEN_BLOCKS = 2
const BLANK_LINE = /\n[ \t]*\n/
const FENCE = /^ {0,3}(`{3}|~{3})/

function split(source: string, settled: RootContent[], tail: RootContent[], offset: number): GrowingParse {
  const tree: Root = { type: 'root', children: [...settled, ...tail] }
  const at = (node: RootContent | undefined, end: 'start' | 'end') => {
    const o = node?.position?.[end].offset
    return o === undefined ? undefined : offset + o
  }
  for (let k = tail.length - OPEN_BLOCKS; k > 0; k--) {
    const start = at(tail[k], 'start')
    const [previousStart, previousEnd] = [at(tail[k - 1], 'start'), at(tail[k - 1], 'end')]
    if (start === undefined || previousStart === undefined || previousEnd === undefined) break
    if (!BLANK_LINE.test(source.slice(previousEnd, start))) continue
    if (tail[k - 1]?.type === 'code' && !FENCE.test(source.slice(previousStart))) continue
    return {
      source,
      tree,
      settled: [...settled, ...tail.slice(0, k)],
      tailStart: source.lastIndexOf('\n', start - 1) + 1,
    }
  }
  return { source, tree, settled, tailStart: offset }
}
