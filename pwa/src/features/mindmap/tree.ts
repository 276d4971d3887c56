import { isRootNode, resolveColor, speakerMapAsFlow, type MindMap, type MindMapNode } from '@/data/normalize/mindmap'

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
  // Indexed loops and no per-node closures: this runs when a map is first opened, before the JIT
  // has warmed up, and iterator protocols and callbacks cost several times more in the interpreter.
  const count = nodes.length
  const firstIndex = new Map<string, number>()
  for (let i = 0; i < count; i++) {
    const id = nodes[i]!.nodeId
    if (id && !firstIndex.has(id)) firstIndex.set(id, i)
  }
  const parentOf = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    const n = nodes[i]!
    const p = isRootNode(n) ? undefined : firstIndex.get(n.parentNodeId)
    parentOf[i] = p === undefined || p === i ? -1 : p
  }
  breakCycles(parentOf)

  const colors = new Map<string, string>() // a map uses a handful of colours: resolve each once
  const taken = new Set<string>() // keys given to duplicates (rare), so none collides with a real id
  const tree = new Array<TreeNode>(count)
  for (let i = 0; i < count; i++) {
    const n = nodes[i]!
    let color = colors.get(n.color)
    if (color === undefined) colors.set(n.color, (color = resolveColor(n.color)))
    const key =
      firstIndex.get(n.nodeId) === i ? keyPrefix + n.nodeId : duplicateKey(n.nodeId, keyPrefix, firstIndex, taken)
    tree[i] = { key, title: n.title, color, depth: 0, parent: null, children: [] }
  }
  const roots: TreeNode[] = []
  for (let i = 0; i < count; i++) {
    const node = tree[i]!
    const p = parentOf[i]!
    if (p < 0) roots.push(node)
    else {
      node.parent = tree[p]!
      tree[p]!.children.push(node)
    }
  }
  // Depths top-down (a parent may come after its children in the data).
  const stack = roots.slice()
  while (stack.length > 0) {
    const node = stack.pop()!
    const children = node.children
    for (let c = 0; c < children.length; c++) {
      children[c]!.depth = node.depth + 1
      stack.push(children[c]!)
    }
  }
  return roots
}

/** A key for a later node reusing an id: `id#2`, `id#3`, … whichever collides with nothing. */
function duplicateKey(
  id: string,
  keyPrefix: string,
  firstIndex: ReadonlyMap<string, number>,
  taken: Set<string>,
): string {
  let count = 2
  while (firstIndex.has(`${id}#${count}`) || taken.has(`${keyPrefix}${id}#${count}`)) count++
  const key = `${keyPrefix}${id}#${count}`
  taken.add(key)
  return key
}

/** Cuts parent links so that every node reaches a root (-1) in finitely many steps. */
function breakCycles(parentOf: Int32Array): void {
  // 0 unknown, 1 on the current path, 2 known to reach a root.
  const state = new Uint8Array(parentOf.length)
  const path: number[] = []
  for (let start = 0; start < parentOf.length; start++) {
    path.length = 0
    let i = start
    while (i >= 0 && state[i] === 0) {
      state[i] = 1
      path.push(i)
      i = parentOf[i]!
    }
    // Reached a node on this very path: a cycle. Free its first member in data order.
    if (i >= 0 && state[i] === 1) {
      let firstInCycle = i
      for (let j = path.indexOf(i); j < path.length; j++) firstInCycle = Math.min(firstInCycle, path[j]!)
      parentOf[firstInCycle] = -1
    }
    for (let j = 0; j < path.length; j++) state[path[j]!] = 2
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
