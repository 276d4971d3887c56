import { memo, useMemo, type KeyboardEvent, type Ref } from 'react'
import { EDGE_STROKE, NODE_HEIGHT } from './constants'
import type { MapLayout, PlacedNode } from './layout'
import { MindMapNode } from './MindMapNode'
import { CLUSTER_FILL, edgePaths, overviewPaths, tint } from './nodeVisual'
import { intersects, type Rect } from './viewport'

/**
 * Maps with more cards than this draw only what is in view (plus a margin).
 * In view, cards are drawn as plain coloured shapes when there are more than
 * this many, or when zoomed out below COARSE_ZOOM (their 15 px text would be
 * under 5 px): first paint and panning of a 2,000-node map stay fast. The
 * focused card is always drawn in full, so the tree keeps its tab stop.
 */
export const DETAIL_LIMIT = 300
export const COARSE_ZOOM = 0.3

export interface MindMapCanvasProps {
  layout: MapLayout
  label: string
  /** Part of the map to draw (map coordinates); null draws everything. */
  window: Rect | null
  /** Zoomed out on a large map: cards in view as shapes only. */
  coarse: boolean
  collapsed: ReadonlySet<string>
  activeKey: string | null
  sceneRef: Ref<SVGGElement>
  onActivate(key: string): void
  onToggle(key: string): void
  onItemKeyDown(event: KeyboardEvent<SVGGElement>, key: string): void
}

export const MindMapCanvas = memo(function MindMapCanvas(props: MindMapCanvasProps) {
  const { layout, label, window, coarse, collapsed, activeKey, sceneRef } = props
  const { detailed, overview, edges } = useMemo(
    () => select(layout, window, coarse, activeKey),
    [layout, window, coarse, activeKey],
  )
  const edgeGroups = useMemo(() => edgePaths(edges), [edges])
  const overviewGroups = useMemo(() => overviewPaths(overview), [overview])
  return (
    <svg className="mm-canvas" width="100%" height="100%" role="none">
      <g ref={sceneRef}>
        <g aria-hidden="true">
          {layout.clusters.map((c, i) => (
            <rect key={i} x={c.x} y={c.y} width={c.width} height={c.height} rx={28} fill={CLUSTER_FILL} />
          ))}
          {edgeGroups.map((g) => (
            <path
              key={g.color}
              className="mm-edges"
              d={g.d}
              fill="none"
              stroke={g.color}
              strokeWidth={EDGE_STROKE}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {overviewGroups.map((g) => (
            <path key={g.color} d={g.d} fill={tint(g.color, 0.35)} stroke={g.color} vectorEffect="non-scaling-stroke" />
          ))}
        </g>
        <g role="tree" aria-label={label}>
          {detailed.map((p) => (
            <MindMapNode
              key={p.node.key}
              placed={p}
              collapsed={collapsed.has(p.node.key)}
              active={p.node.key === activeKey}
              onActivate={props.onActivate}
              onToggle={props.onToggle}
              onKeyDown={props.onItemKeyDown}
            />
          ))}
        </g>
      </g>
    </svg>
  )
})

/** Which cards to draw in full, which as overview shapes, and which edges, for the given window. */
function select(layout: MapLayout, window: Rect | null, coarse: boolean, activeKey: string | null) {
  if (!window) return { detailed: layout.nodes, overview: [] as PlacedNode[], edges: layout.edges }
  const inView = layout.nodes.filter((p) => intersects(window, { x: p.x, y: p.y, width: p.width, height: NODE_HEIGHT }))
  const edges = layout.edges.filter((e) => {
    const top = Math.min(e.from.y, e.to.y)
    const bottom = Math.max(e.from.y, e.to.y) + NODE_HEIGHT
    return intersects(window, { x: e.from.x, y: top, width: e.to.x - e.from.x, height: bottom - top })
  })
  if (!coarse && inView.length <= DETAIL_LIMIT) return { detailed: withActive(inView, layout, activeKey), overview: [] as PlacedNode[], edges }
  return { detailed: withActive([], layout, activeKey), overview: inView, edges }
}

/** The roving tab stop must exist in the DOM wherever the view is, or Tab would skip the tree. */
function withActive(list: PlacedNode[], layout: MapLayout, activeKey: string | null): PlacedNode[] {
  if (activeKey === null || list.some((p) => p.node.key === activeKey)) return list
  const keep = new Set(list)
  return layout.nodes.filter((p) => keep.has(p) || p.node.key === activeKey)
}
