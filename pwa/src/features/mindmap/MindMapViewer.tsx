import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useLatest } from '@/ui/useLatest'
import type { MindMap, MindMapType } from '@/data/normalize/mindmap'
import { NODE_HEIGHT, PAN_STEP } from './constants'
import { ExportButtons } from './ExportButtons'
import { layoutMap, type MapLayout, type PlacedNode } from './layout'
import { COARSE_ZOOM, DETAIL_LIMIT, MindMapCanvas } from './MindMapCanvas'
import { titleMeasure } from './measure'
import { CONTROL_LABELS, MIND_MAP_LABELS } from './texts'
import { initialLayoutFor, treeFor } from './prepare'
import type { TreeNode } from './tree'
import { treeKeyAction } from './treeKeys'
import { useViewport } from './useViewport'
import { ViewerControls } from './ViewerControls'

interface MindMapViewerProps {
  map: MindMap
  type: MindMapType
}

const PAN_KEYS: Record<string, [number, number]> = {
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
}

/** One map on a pannable, zoomable canvas, with its controls, keyboard tree and export. */
export function MindMapViewer({ map, type }: MindMapViewerProps) {
  const tree = useMemo(() => treeFor(map), [map])
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set())
  const layout = useMemo(
    () => (collapsed.size === 0 ? initialLayoutFor(tree) : layoutMap(tree, { measure: titleMeasure(), collapsed })),
    [tree, collapsed],
  )
  const layoutRef = useLatest(layout)
  // Read apart: React's lint takes every field read through an object that holds a ref for a ref.
  const viewport = useViewport({ content: layout, cull: tree.size > DETAIL_LIMIT })
  const { containerRef, sceneRef, reveal, transform, setTransform, fit, panBy, pointer, zoom, zoomIn, zoomOut } =
    viewport
  const { window: shownWindow } = viewport
  const [active, setActive] = useState<TreeNode | null>(null)
  const activeKey = useMemo(() => tabStop(active, layout), [active, layout])
  const anchor = useRef<{ key: string; x: number; y: number } | null>(null)
  const focusNext = useRef<string | null>(null)
  const hintId = useId()

  const toggle = useCallback(
    (key: string) => {
      const p = find(layoutRef.current, key)
      if (p) anchor.current = { key, x: p.x, y: p.y }
      setCollapsed((prev) => {
        const next = new Set(prev)
        if (!next.delete(key)) next.add(key)
        return next
      })
    },
    [layoutRef],
  )

  // After collapsing or expanding, keep the toggled card where it was on screen.
  useLayoutEffect(() => {
    const a = anchor.current
    anchor.current = null
    const p = a && find(layout, a.key)
    if (!a || !p) return
    const t = transform()
    setTransform({ ...t, x: t.x - (p.x - a.x) * t.k, y: t.y - (p.y - a.y) * t.k })
  }, [layout, transform, setTransform])

  // Keyboard moves focus to a card that may only now be drawn: focus it after the render.
  useLayoutEffect(() => {
    const key = focusNext.current
    if (!key) return
    focusNext.current = null
    const el = containerRef.current?.querySelector<SVGGElement>(`[data-key="${CSS.escape(key)}"]`)
    el?.focus({ preventScroll: true })
  })

  const activate = useCallback(
    (key: string) => {
      const p = find(layoutRef.current, key)
      if (!p) return
      setActive(p.node)
      reveal({ x: p.x, y: p.y, width: p.width, height: NODE_HEIGHT })
    },
    [layoutRef, reveal],
  )

  const onItemKeyDown = useCallback(
    (event: KeyboardEvent<SVGGElement>, key: string) => {
      const action = treeKeyAction(layoutRef.current.nodes, key, event.key, collapsed)
      if (!action) return
      event.preventDefault()
      event.stopPropagation()
      if ('toggle' in action) toggle(action.toggle)
      else {
        focusNext.current = action.focus
        activate(action.focus)
      }
    },
    [layoutRef, collapsed, toggle, activate],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return // browser zoom and shortcuts stay the browser's
    const pan = PAN_KEYS[event.key]
    if (event.key === '+' || event.key === '=') zoomIn()
    else if (event.key === '-' || event.key === '_') zoomOut()
    else if (event.key === '0') fit(true)
    else if (pan && event.target === containerRef.current) panBy(...pan)
    else return
    event.preventDefault()
  }

  return (
    <div className="mm-viewer">
      <div className="mm-toolbar">
        <ExportButtons layout={layout} fileName={`mind-map-${type}`} title={MIND_MAP_LABELS[type]} />
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the stage hears the keys of the focused viewport inside it; it is never focused itself */}
      <div className="mm-stage" onKeyDown={onKeyDown}>
        <div
          ref={containerRef}
          className="mm-viewport"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the viewport takes focus so its arrow and +/- keys pan and zoom the map (its description says so)
          tabIndex={0}
          role="group"
          aria-label={`${CONTROL_LABELS.canvas}: ${MIND_MAP_LABELS[type]}`}
          aria-describedby={hintId}
          // Focusing a card may make the browser scroll this clipped box; the view is the transform alone.
          onScroll={(e) => e.currentTarget.scrollTo(0, 0)}
          {...pointer}
        >
          <MindMapCanvas
            layout={layout}
            label={MIND_MAP_LABELS[type]}
            window={shownWindow}
            coarse={shownWindow !== null && zoom < COARSE_ZOOM}
            collapsed={collapsed}
            activeKey={activeKey}
            sceneRef={sceneRef}
            onActivate={activate}
            onToggle={toggle}
            onItemKeyDown={onItemKeyDown}
          />
        </div>
        <p id={hintId} className="visually-hidden">
          {CONTROL_LABELS.canvasHint}
        </p>
        <ViewerControls
          zoom={zoom}
          onZoomIn={zoomIn}
          onZoomOut={zoomOut}
          onFit={() => fit(true)}
          onPan={(dx, dy) => panBy(dx, dy)}
        />
      </div>
    </div>
  )
}

function find(layout: MapLayout, key: string): PlacedNode | undefined {
  return layout.nodes.find((p) => p.node.key === key)
}

/**
 * The tree's one tab stop: the last card the user was on, or, when a collapse
 * hid it, its nearest shown ancestor, so Tab can always reach the tree.
 */
function tabStop(active: TreeNode | null, layout: MapLayout): string | null {
  if (!active) return layout.nodes[0]?.node.key ?? null
  const shown = new Set(layout.nodes.map((p) => p.node))
  for (let n: TreeNode | null = active; n; n = n.parent) if (shown.has(n)) return n.key
  return layout.nodes[0]?.node.key ?? null
}
