import type { Nodes, PhrasingContent, Root } from 'mdast'
import { fromMarkdown, type Options } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

type Extension = NonNullable<Options['extensions']>[number]

/**
 * AI-written markdown → an mdast tree, by micromark (CommonMark + GFM:
 * tables, task lists, strikethrough, autolinks, footnotes). HTML is switched
 * off in the parser itself, so `<script>` and friends are plain text.
 */
const NO_HTML: Extension = { disable: { null: ['htmlFlow', 'htmlText'] } }

/** In inline mode only phrasing syntax counts: "# 1" or "- x" in a one-line text stays as written. */
const INLINE_ONLY: Extension = {
  disable: {
    null: [
      'blockQuote',
      'codeFenced',
      'codeIndented',
      'definition',
      'headingAtx',
      'list',
      'setextUnderline',
      'thematicBreak',
      'table',
      'footnoteDefinition',
    ],
  },
}

// Built once: micromark combines its extensions on every call it is handed new ones.
const GFM = gfm()
const GFM_MDAST = [gfmFromMarkdown()]
const BLOCK_OPTIONS: Options = { extensions: [GFM, NO_HTML], mdastExtensions: GFM_MDAST }
const INLINE_OPTIONS: Options = { extensions: [GFM, NO_HTML, INLINE_ONLY], mdastExtensions: GFM_MDAST }

function parse(source: string, options: Options): Root {
  const tree = fromMarkdown(source, options)
  resolveReferences(tree)
  return tree
}

export function parseMarkdown(source: string): Root {
  return parse(source, BLOCK_OPTIONS)
}

/** The same, for a text with no reference or footnote definitions: nothing to resolve (see growing.ts). */
export function parseMarkdownBlocks(source: string): Root {
  return fromMarkdown(source, BLOCK_OPTIONS)
}

/** A one-line text's phrasing content (summary component texts). */
export function parseInlineMarkdown(text: string): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const block of parse(text, INLINE_OPTIONS).children) {
    if (block.type !== 'paragraph') continue
    if (out.length > 0) out.push({ type: 'break' })
    out.push(...block.children)
  }
  return out
}

/**
 * Turns `[text][ref]` and `![alt][ref]` into plain links and images and drops
 * the definitions, so the renderer sees one kind of link (and one URL check).
 */
function resolveReferences(tree: Root) {
  const definitions = new Map<string, string>()
  collectDefinitions(tree, definitions)
  replaceReferences(tree, definitions)
}

function collectDefinitions(node: Nodes, into: Map<string, string>) {
  // The first definition of a label wins (CommonMark).
  if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node.url)
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into)
}

function replaceReferences(node: Nodes, definitions: Map<string, string>) {
  if (!('children' in node)) return
  const children: Nodes[] = []
  for (const child of node.children as Nodes[]) {
    if (child.type === 'definition') continue
    const url = 'identifier' in child ? (definitions.get(child.identifier) ?? '') : ''
    const resolved: Nodes =
      child.type === 'linkReference'
        ? { type: 'link', url, children: child.children }
        : child.type === 'imageReference'
          ? { type: 'image', url, alt: child.alt }
          : child
    replaceReferences(resolved, definitions)
    children.push(resolved)
  }
  ;(node as { children: Nodes[] }).children = children
}
