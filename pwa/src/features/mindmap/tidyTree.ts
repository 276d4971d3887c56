import { HORIZONTAL_SPACING, MIN_VERTICAL_GAP, NODE_HEIGHT } from './constants'
import { PlacedEdge, PlacedNode } from './placed'
import type { Measure } from './textWrap'
import { descendantCount, type TreeNode } from './tree'

/**
 * Tidy layout of one forest, as the children of an invisible root: columns
 * by depth; in a column, nodes at least MIN_VERTICAL_GAP apart; each parent
 * centred on its first and last child; sibling subtrees packed as close as
 * their contours allow, in data order, so subtrees never interleave and edges
 * never cross. O(nodes × depth). Works on arrays indexed by depth-first
 * position rather than maps keyed by node, with indexed loops (no iterators,
 * callbacks or tuples per node): it may run in the tab's first render, before
 * the JIT has warmed up. y values are relative to the invisible root.
 */
export function placeForest(
  roots: readonly TreeNode[],
  collapsed: ReadonlySet<string>,
  measure: Measure,
): { nodes: PlacedNode[]; edges: PlacedEdge[] } {
  const order: TreeNode[] = [] // depth-first, parents first
  const parentOf: number[] = []
  const positions: number[] = []
  const children: number[][] = []
  const rootIndices: number[] = []
  // The walk's stack as three parallel arrays (node, parent index, 1-based position): no tuple per node.
  const stackNodes: TreeNode[] = []
  const stackParents: number[] = []
  const stackPositions: number[] = []
  for (let r = roots.length - 1; r >= 0; r--) {
    stackNodes.push(roots[r]!)
    stackParents.push(-1)
    stackPositions.push(r + 1)
  }
  while (stackNodes.length > 0) {
    const node = stackNodes.pop()!
    const parent = stackParents.pop()!
    const ix = order.length
    order.push(node)
    parentOf.push(parent)
    positions.push(stackPositions.pop()!)
    children.push([])
    if (parent < 0) rootIndices.push(ix)
    else children[parent]!.push(ix)
    if (collapsed.has(node.key)) continue
    for (let c = node.children.length - 1; c >= 0; c--) {
      stackNodes.push(node.children[c]!)
      stackParents.push(ix)
      stackPositions.push(c + 1)
    }
  }

  // Bottom-up: each subtree's contour (smallest and largest centre per level, relative to its root).
  const tops = new Array<number[] | undefined>(order.length)
  const bottoms = new Array<number[] | undefined>(order.length)
  const offset = new Float64Array(order.length) // centre relative to the parent's centre
  for (let ix = order.length - 1; ix >= 0; ix--) {
    const { top, bottom, mid } = stackSubtrees(children[ix]!, tops, bottoms, offset)
    const t = [0]
    const b = [0]
    for (let l = 0; l < top.length; l++) {
      t.push(top[l]! - mid)
      b.push(bottom[l]! - mid)
    }
    tops[ix] = t
    bottoms[ix] = b
  }
  stackSubtrees(rootIndices, tops, bottoms, offset)

  // Top-down: absolute centres; roots hang off the invisible root at 0.
  const centre = new Float64Array(order.length)
  const nodes: PlacedNode[] = []
  const edges: PlacedEdge[] = []
  for (let ix = 0; ix < order.length; ix++) {
    const node = order[ix]!
    const parent = parentOf[ix]!
    centre[ix] = (parent < 0 ? 0 : centre[parent]!) + offset[ix]!
    const hidden = collapsed.has(node.key) ? descendantCount(node) : 0
    const setSize = parent < 0 ? roots.length : node.parent!.children.length
    const y = centre[ix]! - NODE_HEIGHT / 2
    nodes.push(new PlacedNode(node, node.depth * HORIZONTAL_SPACING, y, hidden, positions[ix]!, setSize, measure))
    if (parent >= 0) edges.push(new PlacedEdge(nodes[parent]!, nodes[ix]!))
  }
  return { nodes, edges }
}

/**
 * Stacks sibling subtrees top to bottom, each as high as its contour allows
 * against all the ones above it; sets each one's centre offset from the
 * middle of the first and last (where their parent goes). Returns the merged
 * contour relative to the first sibling, and that middle.
 */
function stackSubtrees(
  siblings: readonly number[],
  tops: (number[] | undefined)[],
  bottoms: (number[] | undefined)[],
  offset: Float64Array,
): { top: number[]; bottom: number[]; mid: number } {
  if (siblings.length === 0) return { top: [], bottom: [], mid: 0 }
  const first = siblings[0]!
  // The first sibling's contour is reused in place: no subtree's contour is needed once merged.
  const top = tops[first]!
  const bottom = bottoms[first]!
  tops[first] = bottoms[first] = undefined
  const placedAt = [0]
  for (let s = 1; s < siblings.length; s++) {
    const ix = siblings[s]!
    const cTop = tops[ix]!
    const cBottom = bottoms[ix]!
    tops[ix] = bottoms[ix] = undefined
    let shift = -Infinity
    const common = Math.min(bottom.length, cTop.length)
    for (let l = 0; l < common; l++) shift = Math.max(shift, bottom[l]! - cTop[l]! + MIN_VERTICAL_GAP)
    placedAt.push(shift)
    for (let l = 0; l < cTop.length; l++) {
      if (l >= top.length) top.push(cTop[l]! + shift)
      bottom[l] = cBottom[l]! + shift
    }
  }
  const mid = (placedAt[0]! + placedAt[placedAt.length - 1]!) / 2
  for (let s = 0; s < siblings.length; s++) offset[siblings[s]!] = placedAt[s]! - mid
  return { top, bottom, mid }
}
