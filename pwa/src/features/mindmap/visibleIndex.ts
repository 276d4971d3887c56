import { NODE_HEIGHT } from './constants'
import type { MapLayout, PlacedEdge, PlacedNode } from './layout'
import { intersects, type Rect } from './viewport'

/**
 * What a window of a large map shows, found without testing every card: cards
 * sit in columns (one per depth and cluster), so each column keeps its cards
 * and the connectors into it sorted top to bottom, and a window needs a
 * binary search per column it crosses. Built once per layout (the detail
 * screen builds it in idle time with the layout), it makes the first paint
 * and every redraw while panning cost what is in view, not the map's size.
 */
export interface VisibleIndex {
  /** Cards in the window, in the layout's depth-first order (the tree's reading order). */
  nodes(window: Rect): PlacedNode[]
  /** Connectors whose bounding box meets the window. */
  edges(window: Rect): PlacedEdge[]
  /** The card with this key, if the layout shows it. */
  find(key: string): PlacedNode | undefined
  /** A card's place in the layout's depth-first order. */
  position(node: PlacedNode): number
}

interface Column {
  left: number
  right: number
  /** Cards by y; their layout positions alongside, for restoring the reading order. */
  nodes: PlacedNode[]
  order: number[]
  /** Connectors into this column by the top of their box, with the running maximum of their bottoms. */
  edges: PlacedEdge[]
  edgeTops: number[]
  edgeBottomsSoFar: number[]
}

const cache = new WeakMap<MapLayout, VisibleIndex>()

export function visibleIndex(layout: MapLayout): VisibleIndex {
  let index = cache.get(layout)
  if (!index) cache.set(layout, (index = buildIndex(layout)))
  return index
}

function buildIndex(layout: MapLayout): VisibleIndex {
  const columns = new Map<number, Column>()
  const column = (x: number): Column => {
    let c = columns.get(x)
    if (!c)
      columns.set(x, (c = { left: x, right: x, nodes: [], order: [], edges: [], edgeTops: [], edgeBottomsSoFar: [] }))
    return c
  }
  const position = new Map<PlacedNode, number>()
  const byKey = new Map<string, PlacedNode>()
  for (let i = 0; i < layout.nodes.length; i++) {
    const p = layout.nodes[i]!
    position.set(p, i)
    byKey.set(p.node.key, p)
    const c = column(p.x)
    c.nodes.push(p)
    c.right = Math.max(c.right, p.x + p.width)
  }
  for (let i = 0; i < layout.edges.length; i++) {
    const e = layout.edges[i]!
    const c = column(e.to.x)
    c.edges.push(e)
    c.left = Math.min(c.left, e.from.x + e.from.width)
  }
  const list = [...columns.values()]
  for (const c of list) {
    c.nodes.sort((a, b) => a.y - b.y)
    c.order = c.nodes.map((p) => position.get(p)!)
    c.edges.sort((a, b) => edgeTop(a) - edgeTop(b))
    c.edgeTops = c.edges.map(edgeTop)
    let reach = -Infinity
    c.edgeBottomsSoFar = c.edges.map((e) => (reach = Math.max(reach, edgeBottom(e))))
  }
  return {
    nodes: (window) => nodesIn(list, window),
    edges: (window) => edgesIn(list, window),
    find: (key) => byKey.get(key),
    position: (node) => position.get(node) ?? -1,
  }
}

function nodesIn(columns: readonly Column[], window: Rect): PlacedNode[] {
  const found: { node: PlacedNode; at: number }[] = []
  const bottom = window.y + window.height
  for (const c of columns) {
    if (c.right < window.x || c.left > window.x + window.width || c.nodes.length === 0) continue
    // Cards have one height: those starting below window.y - NODE_HEIGHT and at most at its bottom.
    for (let i = firstAtLeast(c.nodes, (p) => p.y, window.y - NODE_HEIGHT); i < c.nodes.length; i++) {
      const p = c.nodes[i]!
      if (p.y > bottom) break
      if (intersects(window, { x: p.x, y: p.y, width: p.width, height: NODE_HEIGHT }))
        found.push({ node: p, at: c.order[i]! })
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.node)
}

function edgesIn(columns: readonly Column[], window: Rect): PlacedEdge[] {
  const found: PlacedEdge[] = []
  const bottom = window.y + window.height
  for (const c of columns) {
    if (c.left > window.x + window.width || c.right < window.x || c.edges.length === 0) continue
    // Connectors before the first whose running bottom reaches the window all end above it.
    for (let i = firstAtLeast(c.edgeBottomsSoFar, (b) => b, window.y); i < c.edges.length; i++) {
      if (c.edgeTops[i]! > bottom) break
      const e = c.edges[i]!
      if (intersects(window, edgeBox(e))) found.push(e)
    }
  }
  return found
}

/** The first index whose key is at least `min`, in a list sorted by that key. */
function firstAtLeast<T>(sorted: readonly T[], key: (item: T) => number, min: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (key(sorted[mid]!) < min) lo = mid + 1
    else hi = mid
  }
  return lo
}

const edgeTop = (e: PlacedEdge) => Math.min(e.from.y, e.to.y)
const edgeBottom = (e: PlacedEdge) => Math.max(e.from.y, e.to.y) + NODE_HEIGHT

/** A connector's bounding box: from the parent's right edge to the child's left, between their rows. */
export function edgeBox(e: PlacedEdge): Rect {
  const top = edgeTop(e)
  return { x: e.from.x + e.from.width, y: top, width: e.to.x - e.from.x - e.from.width, height: edgeBottom(e) - top }
}
