import {
  isRootNode,
  resolveColor,
  speakerMapAsFlow,
  type MindMap,
  type MindMapNode,
} from '@/data/normalize/mindmap'

/**
 * The viewer's tree: nodes linked to their children, with keys unique across
 * the whole map. Built so that no data can make it hang or throw: duplicate
 * ids, orphans and cycles all end up as a finite forest.
 */
export interface TreeNode {
  /** Unique within the map (React key, focus target, collapse state). */
  key: string
  title: string
  /** CSS colour resolved from the data ('#rrggbb'). */
  color: string
  depth: number
  parent: TreeNode | null
  children: TreeNode[]
}

/** A map as the viewer draws it: one forest, or one per cluster (side by side). */
export interface MapTree {
  forests: TreeNode[][]
  /** Number of nodes (buildForest keeps every node given, exactly once). */
  size: number
}

export function mapTree(map: MindMap): MapTree {
  const lists = nodeLists(map)
  // Cluster keys get a prefix: two clusters may reuse an id.
  const forests = lists.map((nodes, i) => buildForest(nodes, map.type === 'cluster' ? `c${i}:` : ''))
  return { forests, size: lists.reduce((n, nodes) => n + nodes.length, 0) }
}

function nodeLists(map: MindMap): readonly MindMapNode[][] {
  switch (map.type) {
    case 'flow':
    case 'context':
      return [map.nodes]
    case 'cluster':
      return map.maps
    case 'speaker':
      return [speakerMapAsFlow(map)]
  }
}

/**
 * Links nodes by id. The first node with an id owns it: a later duplicate is
 * still shown (under its own parent) but children attach to the first. A node
 * whose parent is missing is a root (shown rather than lost). Nodes stuck in a
 * cycle are freed by making the first of them, in data order, a root.
 */
export function buildForest(nodes: readonly MindMapNode[], keyPrefix: string): TreeNode[] {
  const firstIndex = new Map<string, number>()
  nodes.forEach((n, i) => {
    if (n.nodeId && !firstIndex.has(n.nodeId)) firstIndex.set(n.nodeId, i)
  })
  const parentOf = nodes.map((n, i) => {
    if (isRootNode(n)) return -1
    const p = firstIndex.get(n.parentNodeId)
    return p === undefined || p === i ? -1 : p
  })
  breakCycles(parentOf)

  const colors = new Map<string, string>() // a map uses a handful of colours: resolve each once
  const taken = new Set<string>() // keys given to duplicates (rare), so none collides with a real id
  const keyOf = (n: MindMapNode, i: number): string => {
    if (firstIndex.get(n.nodeId) === i) return keyPrefix + n.nodeId
    let count = 2
    while (firstIndex.has(`${n.nodeId}#${count}`) || taken.has(`${keyPrefix}${n.nodeId}#${count}`)) count++
    const key = `${keyPrefix}${n.nodeId}#${count}`
    taken.add(key)
    return key
  }
  const tree: TreeNode[] = nodes.map((n, i) => {
    return {
      key: keyOf(n, i),
      title: n.title,
      color: colors.get(n.color) ?? colors.set(n.color, resolveColor(n.color)).get(n.color)!,
      depth: 0,
      parent: null,
      children: [],
    }
  })
  const roots: TreeNode[] = []
  tree.forEach((node, i) => {
    const p = parentOf[i]!
    if (p < 0) roots.push(node)
    else {
      node.parent = tree[p]!
      tree[p]!.children.push(node)
    }
  })
  // Depths top-down (a parent may come after its children in the data).
  const stack = [...roots]
  while (stack.length > 0) {
    const node = stack.pop()!
    for (const child of node.children) {
      child.depth = node.depth + 1
      stack.push(child)
    }
  }
  return roots
}

/** Cuts parent links so that every node reaches a root (-1) in finitely many steps. */
function breakCycles(parentOf: number[]): void {
  // 0 unknown, 1 on the current path, 2 known to reach a root.
  const state = new Uint8Array(parentOf.length)
  for (let start = 0; start < parentOf.length; start++) {
    const path: number[] = []
    let i = start
    while (i >= 0 && state[i] === 0) {
      state[i] = 1
      path.push(i)
      i = parentOf[i]!
    }
    // Reached a node on this very path: a cycle. Free its first member in data order.
    if (i >= 0 && state[i] === 1) {
      const cycle = path.slice(path.indexOf(i))
      parentOf[Math.min(...cycle)] = -1
    }
    for (const j of path) state[j] = 2
  }
}

/** Depth-first, parents before children, in display order; iterative so deep chains cannot overflow the stack. */
export function* walk(roots: readonly TreeNode[]): Generator<TreeNode> {
  const stack = [...roots].reverse()
  while (stack.length > 0) {
    const node = stack.pop()!
    yield node
    for (let c = node.children.length - 1; c >= 0; c--) stack.push(node.children[c]!)
  }
}

function countNodes(roots: readonly TreeNode[]): number {
  let n = 0
  for (const _ of walk(roots)) n++
  return n
}

/** Number of nodes below `node` (for the collapsed badge). */
export function descendantCount(node: TreeNode): number {
  return countNodes(node.children)
}
