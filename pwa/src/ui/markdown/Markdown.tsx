import type { List, ListItem, Root, RootContent, Table } from 'mdast'
import { useMemo, useRef } from 'react'
import { CheckLine } from './CheckLine'
import { parseGrowing, type GrowingParse } from './growing'
import { Phrasing, plainText } from './Phrasing'
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

/** Nesting beyond this (quotes in lists in quotes…) is shown as text: rendering stays shallow on hostile input. */
const MAX_DEPTH = 12

/**
 * Safe markdown for AI-written text (summaries, chat replies): parsed by
 * micromark into an mdast tree and rendered as React elements. No raw HTML,
 * no dangerouslySetInnerHTML, no images, links only to http(s) and mailto,
 * opened in a new tab without an opener.
 */
export function Markdown({ source, className, headingLevel = 2 }: MarkdownProps) {
  // A chat reply grows word by word: only its recent blocks are parsed again (growing.ts).
  const previous = useRef<GrowingParse | undefined>(undefined)
  const tree = useMemo(() => {
    // eslint-disable-next-line react-hooks/refs -- the last parse is a cache for this memo, read and replaced once per new source
    previous.current = parseGrowing(source, previous.current)
    return previous.current.tree
  }, [source])
  // eslint-disable-next-line react-hooks/refs -- the tree comes from that cache, and is no ref
  const shift = headingLevel - topHeadingLevel(tree)
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      {/* eslint-disable-next-line react-hooks/refs -- the tree comes from that cache, and is no ref */}
      <Blocks nodes={tree.children} shift={shift} depth={0} />
    </div>
  )
}

function topHeadingLevel(tree: Root): number {
  let top = 6
  for (const node of tree.children) if (node.type === 'heading') top = Math.min(top, node.depth)
  return top
}

interface BlockProps {
  shift: number
  depth: number
}

function Blocks({ nodes, ...props }: BlockProps & { nodes: RootContent[] }) {
  return (
    <>
      {nodes.map((node, i) => (
        <Block key={i} node={node} {...props} />
      ))}
    </>
  )
}

function Block({ node, shift, depth }: BlockProps & { node: RootContent }) {
  if (depth > MAX_DEPTH) return <p>{plainText(node)}</p>
  const inner = { shift, depth: depth + 1 }
  switch (node.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, node.depth + shift))}` as 'h2'
      return (
        <Tag>
          <Phrasing nodes={node.children} />
        </Tag>
      )
    }
    case 'paragraph':
      return (
        <p>
          <Phrasing nodes={node.children} />
        </p>
      )
    case 'code':
      return (
        <pre>
          <code>{node.value}</code>
        </pre>
      )
    case 'thematicBreak':
      return <hr />
    case 'blockquote':
      return (
        <blockquote>
          <Blocks nodes={node.children} {...inner} />
        </blockquote>
      )
    case 'list':
      return <ListView list={node} {...inner} />
    case 'table':
      return <TableView table={node} />
    case 'footnoteDefinition':
      return (
        <div className="markdown__footnote">
          <sup>[{node.label ?? node.identifier}]</sup> <Blocks nodes={node.children} {...inner} />
        </div>
      )
    default:
      return plainText(node) ? <p>{plainText(node)}</p> : null
  }
}

function ListView({ list, ...props }: BlockProps & { list: List }) {
  const items = list.children.map((item, i) => <ItemView key={i} item={item} {...props} />)
  if (!list.ordered) return <ul>{items}</ul>
  return <ol start={list.start == null || list.start === 1 ? undefined : list.start}>{items}</ol>
}

function ItemView({ item, ...props }: BlockProps & { item: ListItem }) {
  // A leading paragraph sits on the bullet's line, loose list or not.
  const [head, ...rest] = item.children
  const lead = head?.type === 'paragraph' ? <Phrasing nodes={head.children} /> : null
  const body = lead ? rest : item.children
  if (item.checked == null) {
    return (
      <li>
        {lead}
        <Blocks nodes={body} {...props} />
      </li>
    )
  }
  return (
    <li className="markdown__task">
      <CheckLine initialChecked={item.checked}>{lead}</CheckLine>
      <Blocks nodes={body} {...props} />
    </li>
  )
}

function TableView({ table }: { table: Table }) {
  const [header, ...rows] = table.children
  const columns = table.align ?? []
  const cls = (i: number) => (columns[i] ? `markdown__cell--${columns[i]}` : undefined)
  // GFM: a row with fewer cells than the header gets empty ones, extra cells are dropped.
  const cells = (row: Table['children'][number] | undefined) => columns.map((_, i) => row?.children[i]?.children ?? [])
  return (
    <div className="markdown__table">
      <table>
        <thead>
          <tr>
            {cells(header).map((c, i) => (
              <th key={i} scope="col" className={cls(i)}>
                <Phrasing nodes={c} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {cells(row).map((c, i) => (
                <td key={i} className={cls(i)}>
                  <Phrasing nodes={c} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
