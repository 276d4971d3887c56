import { memo, useMemo, type KeyboardEvent, type Ref } from 'react'
import { EDGE_STROKE } from './constants'
import type { MapLayout, PlacedNode } from './layout'
import { MindMapNode } from './MindMapNode'
import { CLUSTER_FILL, edgePaths, overviewPaths, tint } from './nodeVisual'
import type { Rect } from './viewport'
import { visibleIndex, type VisibleIndex } from './visibleIndex'

/**
 * Maps with more cards than this draw only what is in view (plus a margin).
 * In view, cards are drawn as plain coloured shapes when there are more than
 * this many, or when zoomed out below COARSE_ZOOM (their 15 px text would be
 * under 5 px): first paint and panning of a 2,000-node map stay fast. The
 * focused card is always drawn in full, so the tree keeps its tab stop.
 */
export const DETAIL_LIMIT = 300
export const COARSE_ZOOM = 0.3

interface MindMapCanvasProps {
  layout: MapLayout
  label: string
  /** Part of the map to draw (map coordinates); null draws everything. */
  window: Rect | null
  /** Zoomed out on a large map: cards in view as shapes only. */
  coarse: boolean
  collapsed: ReadonlySet<string>
  activeKey: string | null
  sceneRef: Ref<SVGGElement>
  onActivate: (key: string) => void
  onToggle: (key: string) => void
  onItemKeyDown: (event: KeyboardEvent<SVGGElement>, key: string) => void
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
  const index = visibleIndex(layout)
  const inView = index.nodes(window)
  const edges = index.edges(window)
  if (!coarse && inView.length <= DETAIL_LIMIT)
    return { detailed: withActive(inView, index, activeKey), overview: [] as PlacedNode[], edges }
  return { detailed: withActive([], index, activeKey), overview: inView, edges }
}

/** The roving tab stop must exist in the DOM wherever the view is, or Tab would skip the tree. */
function withActive(list: PlacedNode[], index: VisibleIndex, activeKey: string | null): PlacedNode[] {
  const active = activeKey === null ? undefined : index.find(activeKey)
  if (!active || list.includes(active)) return list
  // In reading order, like the rest.
  const at = index.position(active)
  const before = list.findIndex((p) => index.position(p) > at)
  return before < 0 ? [...list, active] : [...list.slice(0, before), active, ...list.slice(before)]
}
