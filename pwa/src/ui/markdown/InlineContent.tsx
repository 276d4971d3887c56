import type { ReactNode } from 'react'
import type { Inline } from './inline'

/** Renders parsed inline markdown. Text goes through React, so nothing is ever parsed as HTML. */
export function InlineContent({ nodes }: { nodes: Inline[] }) {
  return <>{nodes.map(renderInline)}</>
}

function renderInline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text
    case 'br':
      return <br key={key} />
    case 'code':
      return <code key={key}>{node.text}</code>
    case 'strong':
      return <strong key={key}>{node.children.map(renderInline)}</strong>
    case 'em':
      return <em key={key}>{node.children.map(renderInline)}</em>
    case 'del':
      return <del key={key}>{node.children.map(renderInline)}</del>
    case 'link':
      // A link whose target is not http(s)/mailto keeps its words but loses the link.
      return node.href ? (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
          {node.children.map(renderInline)}
        </a>
      ) : (
        <span key={key}>{node.children.map(renderInline)}</span>
      )
  }
}
