import { CLUSTER_GAP, CLUSTER_PADDING, MIN_CANVAS, NODE_HEIGHT } from './constants'
import { PlacedEdge, PlacedNode } from './placed'
import type { Measure } from './textWrap'
import { placeForest } from './tidyTree'
import type { MapTree } from './tree'

/**
 * The map's layout (pure): each forest laid out as a tidy tree (tidyTree.ts),
 * clusters side by side, everything moved onto a canvas of at least
 * MIN_CANVAS. About a millisecond per hundred nodes once warm.
 */

export { PlacedEdge, PlacedNode } from './placed'

interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface MapLayout {
  /** Depth-first, display order. */
  nodes: PlacedNode[]
  edges: PlacedEdge[]
  /** Light panels behind clusters (cluster maps only). */
  clusters: Box[]
  /** The canvas: every node inside, at least MIN_CANVAS square. */
  width: number
  height: number
}

interface LayoutOptions {
  /** Glyph widths of the title font, for wrapping titles. */
  measure: Measure
  /** Keys of collapsed nodes: their descendants are left out. */
  collapsed?: ReadonlySet<string>
}

/** Space around the content so focus rings and cluster panels are not cut off. */
const MARGIN = CLUSTER_PADDING
/** Kerning and rounding are ignored when measuring: leave a little room. */
const TEXT_SLACK = 1.04

export function layoutMap(tree: MapTree, options: LayoutOptions): MapLayout {
  const collapsed = options.collapsed ?? new Set<string>()
  const measure: Measure = (t) => options.measure(t) * TEXT_SLACK
  const nodes: PlacedNode[] = []
  const edges: PlacedEdge[] = []
  const clusters: Box[] = []
  const multi = tree.forests.length > 1
  // Clusters side by side, vertically centred on one line.
  let left = 0
  for (let f = 0; f < tree.forests.length; f++) {
    const forest = placeForest(tree.forests[f]!, collapsed, measure)
    if (forest.nodes.length === 0) continue
    const box = bounds(forest.nodes)
    const dx = left - box.x
    const dy = -(box.y + box.height / 2)
    for (let i = 0; i < forest.nodes.length; i++) {
      const p = forest.nodes[i]!
      p.x += dx
      p.y += dy
      nodes.push(p)
    }
    for (let i = 0; i < forest.edges.length; i++) edges.push(forest.edges[i]!)
    if (multi) {
      const pad = CLUSTER_PADDING
      clusters.push({ x: left - pad, y: box.y + dy - pad, width: box.width + 2 * pad, height: box.height + 2 * pad })
    }
    left += box.width + CLUSTER_GAP
  }
  return finish(nodes, edges, clusters)
}

/** Moves everything to positive coordinates inside a canvas of at least MIN_CANVAS, content centred. */
function finish(nodes: PlacedNode[], edges: PlacedEdge[], clusters: Box[]): MapLayout {
  const content = nodes.length > 0 ? bounds(nodes) : { x: 0, y: 0, width: 0, height: 0 }
  const pad = clusters.length > 0 ? CLUSTER_PADDING : 0
  const width = Math.max(MIN_CANVAS, content.width + 2 * (MARGIN + pad))
  const height = Math.max(MIN_CANVAS, content.height + 2 * (MARGIN + pad))
  const dx = (width - content.width) / 2 - content.x
  const dy = (height - content.height) / 2 - content.y
  for (let i = 0; i < nodes.length; i++) {
    nodes[i]!.x += dx
    nodes[i]!.y += dy
  }
  for (const c of clusters) {
    c.x += dx
    c.y += dy
  }
  return { nodes, edges, clusters, width, height }
}

function bounds(nodes: readonly { x: number; y: number; width: number }[]): Box {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i < nodes.length; i++) {
    const p = nodes[i]!
    if (p.x < minX) minX = p.x
    if (p.y < minY) minY = p.y
    if (p.x + p.width > maxX) maxX = p.x + p.width
    if (p.y + NODE_HEIGHT > maxY) maxY = p.y + NODE_HEIGHT
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}
