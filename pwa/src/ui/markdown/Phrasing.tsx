import type { Nodes, PhrasingContent } from 'mdast'
import { Fragment, type ReactNode } from 'react'
import { safeHref } from './safeUrl'

/**
 * Renders inline markdown (mdast phrasing nodes) as React elements. Text goes
 * through React, so nothing is ever parsed as HTML.
 */
export function Phrasing({ nodes }: { nodes: PhrasingContent[] }) {
  return <>{nodes.map(renderPhrasing)}</>
}

function renderPhrasing(node: PhrasingContent, key: number): ReactNode {
  switch (node.type) {
    case 'text':
    case 'html':
      return <LineBreaks key={key} text={node.value} />
    case 'break':
      return <br key={key} />
    case 'inlineCode':
      return <code key={key}>{node.value}</code>
    case 'strong':
      return (
        <strong key={key}>
          <Phrasing nodes={node.children} />
        </strong>
      )
    case 'emphasis':
      return (
        <em key={key}>
          <Phrasing nodes={node.children} />
        </em>
      )
    case 'delete':
      return (
        <del key={key}>
          <Phrasing nodes={node.children} />
        </del>
      )
    case 'link':
      return (
        <SafeLink key={key} url={node.url}>
          <Phrasing nodes={node.children} />
        </SafeLink>
      )
    case 'image':
      // Never load a remote image (privacy, CSP): its words stand in for it.
      return node.alt ?? ''
    case 'footnoteReference':
      return (
        <sup key={key} className="markdown__footnote-ref">
          [{node.label ?? node.identifier}]
        </sup>
      )
    default:
      // References are resolved before rendering (parse.ts); anything else unknown shows its text.
      return plainText(node)
  }
}

/** A single newline inside a paragraph starts a new line, as in GitHub comments and chat apps. */
function LineBreaks({ text }: { text: string }) {
  const lines = text.split('\n')
  return (
    <>
      {lines.map((line, i) =>
        i === 0 ? (
          line
        ) : (
          <Fragment key={i}>
            <br />
            {line}
          </Fragment>
        ),
      )}
    </>
  )
}

/** A link whose target is not http(s)/mailto keeps its words but loses the link. */
function SafeLink({ url, children }: { url: string; children: ReactNode }) {
  const href = safeHref(url)
  if (!href) return <span>{children}</span>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/** A node's words without any of its markup. */
export function plainText(node: Nodes): string {
  if ('value' in node) return node.value
  if (node.type === 'image') return node.alt ?? ''
  return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : ''
}
