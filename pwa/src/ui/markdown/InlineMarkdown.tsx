import { useMemo } from 'react'
import { parseInlineMarkdown } from './parse'
import { Phrasing } from './Phrasing'

/** A one-line text with inline markdown (bold, links, code) and nothing block-level, rendered safely. */
export function InlineMarkdown({ text }: { text: string }) {
  const nodes = useMemo(() => parseInlineMarkdown(text), [text])
  return <Phrasing nodes={nodes} />
}
