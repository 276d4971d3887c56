import { useMemo } from 'react'
import { parseBlocks, type Align, type Block, type ListItem } from './blocks'
import { CheckLine } from './CheckLine'
import { InlineContent } from './InlineContent'
import './markdown.css'

interface MarkdownProps {
  source: string
  className?: string
  /**
   * The HTML heading level the text's highest heading renders at (default 2:
   * the page's h1 is the recording title). Lower headings keep their offsets.
   */
  headingLevel?: number
}

/**
 * Safe markdown for AI-written text (summaries, chat replies): parsed into a
 * tree and rendered as React elements. No raw HTML, no dangerouslySetInnerHTML,
 * links only to http(s) and mailto, opened in a new tab without an opener.
 */
export function Markdown({ source, className, headingLevel = 2 }: MarkdownProps) {
  const blocks = useMemo(() => parseBlocks(source), [source])
  const shift = headingLevel - topHeadingLevel(blocks)
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Blocks blocks={blocks} shift={shift} />
    </div>
  )
}

function topHeadingLevel(blocks: Block[]): number {
  let top = 6
  for (const b of blocks) if (b.type === 'heading') top = Math.min(top, b.level)
  return top
}

function Blocks({ blocks, shift }: { blocks: Block[]; shift: number }) {
  return <>{blocks.map((b, i) => <BlockView key={i} block={b} shift={shift} />)}</>
}

function BlockView({ block, shift }: { block: Block; shift: number }) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, block.level + shift))}` as 'h2'
      return <Tag><InlineContent nodes={block.content} /></Tag>
    }
    case 'paragraph':
      return <p><InlineContent nodes={block.content} /></p>
    case 'code':
      return <pre><code>{block.text}</code></pre>
    case 'hr':
      return <hr />
    case 'blockquote':
      return <blockquote><Blocks blocks={block.children} shift={shift} /></blockquote>
    case 'list':
      return <ListView block={block} shift={shift} />
    case 'table':
      return <TableView block={block} />
  }
}

function ListView({ block, shift }: { block: Extract<Block, { type: 'list' }>; shift: number }) {
  const items = block.items.map((item, i) => <ItemView key={i} item={item} shift={shift} />)
  if (!block.ordered) return <ul>{items}</ul>
  return <ol start={block.start === 1 ? undefined : block.start}>{items}</ol>
}

function ItemView({ item, shift }: { item: ListItem; shift: number }) {
  // A leading paragraph sits on the bullet's line (a "tight" item).
  const [head, ...rest] = item.children
  const lead = head?.type === 'paragraph' ? <InlineContent nodes={head.content} /> : null
  const body = lead ? rest : item.children
  if (item.checked === null) {
    return <li>{lead}<Blocks blocks={body} shift={shift} /></li>
  }
  return (
    <li className="markdown__task">
      <CheckLine initialChecked={item.checked}>{lead}</CheckLine>
      <Blocks blocks={body} shift={shift} />
    </li>
  )
}

function TableView({ block }: { block: Extract<Block, { type: 'table' }> }) {
  const cls = (a: Align | undefined) => (a ? `markdown__cell--${a}` : undefined)
  return (
    <div className="markdown__table">
      <table>
        <thead>
          <tr>{block.header.map((c, i) => <th key={i} scope="col" className={cls(block.align[i])}><InlineContent nodes={c} /></th>)}</tr>
        </thead>
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>{row.map((c, i) => <td key={i} className={cls(block.align[i])}><InlineContent nodes={c} /></td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
