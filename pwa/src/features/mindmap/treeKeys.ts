import type { PlacedNode } from './layout'

type TreeAction = { focus: string } | { toggle: string } | null

/**
 * The WAI-ARIA tree pattern's keys over the visible cards (depth-first order):
 * Up/Down previous/next card, Right expands or enters the first child, Left
 * collapses or goes to the parent, Home/End first/last, Enter/Space toggles.
 * Null: the key is not the tree's (zoom keys then reach the viewer).
 */
export function treeKeyAction(
  nodes: readonly PlacedNode[],
  key: string,
  pressed: string,
  collapsed: ReadonlySet<string>,
): TreeAction {
  const index = nodes.findIndex((p) => p.node.key === key)
  if (index < 0) return null
  const node = nodes[index]!.node
  const hasChildren = node.children.length > 0
  const isOpen = hasChildren && !collapsed.has(node.key)
  const at = (i: number) => nodes[Math.max(0, Math.min(nodes.length - 1, i))]!.node.key
  switch (pressed) {
    case 'ArrowDown':
      return { focus: at(index + 1) }
    case 'ArrowUp':
      return { focus: at(index - 1) }
    case 'Home':
      return { focus: at(0) }
    case 'End':
      return { focus: at(nodes.length - 1) }
    case 'ArrowRight':
      if (!hasChildren) return { focus: key }
      return isOpen ? { focus: node.children[0]!.key } : { toggle: key }
    case 'ArrowLeft':
      if (isOpen) return { toggle: key }
      return { focus: node.parent ? node.parent.key : key }
    case 'Enter':
    case ' ':
      return hasChildren ? { toggle: key } : { focus: key }
    default:
      return null
  }
}
