import { memo, type KeyboardEvent } from 'react'
import { NODE_HEIGHT } from './constants'
import type { PlacedNode } from './layout'
import { ACCENT, CARD_RADIUS, TEXT_COLOR, TEXT_X, TOGGLE_RADIUS, cardStyle, lineYs } from './nodeVisual'
import { hiddenNote } from './texts'

interface MindMapNodeProps {
  placed: PlacedNode
  collapsed: boolean
  /** The roving tab stop of the tree (tabIndex 0). */
  active: boolean
  onActivate: (key: string) => void
  onToggle: (key: string) => void
  onKeyDown: (event: KeyboardEvent<SVGGElement>, key: string) => void
}

/**
 * One card: a treeitem whose name is the full title (also the hover tooltip),
 * since the visible text may be cut to three lines. The +/− circle is a
 * pointer shortcut only; keyboards and screen readers toggle the treeitem
 * itself (Enter, Space, arrows), so no control is nested inside it.
 */
export const MindMapNode = memo(function MindMapNode({
  placed,
  collapsed,
  active,
  onActivate,
  onToggle,
  onKeyDown,
}: MindMapNodeProps) {
  const { node, x, y, width, lines, hidden, posInSet, setSize } = placed
  const style = cardStyle(placed)
  const hasChildren = node.children.length > 0
  const tooltip = collapsed ? `${node.title} (${hiddenNote(hidden)})` : node.title
  const toggleLabel = collapsed ? `+${hidden}` : '−'
  const toggleWidth = Math.max(2 * TOGGLE_RADIUS, 14 + toggleLabel.length * 8)
  return (
    <g
      className="mm-node"
      role="treeitem"
      aria-label={node.title}
      aria-level={node.depth + 1}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      aria-expanded={hasChildren ? !collapsed : undefined}
      tabIndex={active ? 0 : -1}
      data-key={node.key}
      transform={`translate(${x} ${y})`}
      onFocus={() => onActivate(node.key)}
      onClick={() => onActivate(node.key)}
      onKeyDown={(e) => onKeyDown(e, node.key)}
    >
      {/* The tooltip sits on the (hidden) card shape, not the treeitem, so screen readers do not hear the title twice. */}
      <rect
        className="mm-node__card"
        aria-hidden="true"
        width={width}
        height={NODE_HEIGHT}
        rx={CARD_RADIUS}
        fill={style.fill}
        stroke={style.stroke}
        strokeWidth={node.depth === 0 ? 2 : 1}
      >
        <title>{tooltip}</title>
      </rect>
      <rect
        aria-hidden="true"
        x={ACCENT.x}
        y={ACCENT.y}
        width={ACCENT.width}
        height={ACCENT.height}
        rx={ACCENT.radius}
        fill={style.accent}
      />
      <text className="mm-node__text" fill={TEXT_COLOR} aria-hidden="true">
        {lines.map((line, i) => (
          <tspan key={i} x={TEXT_X} y={lineYs(lines.length)[i]} dominantBaseline="central">
            {line}
          </tspan>
        ))}
      </text>
      <rect
        className="mm-node__focus"
        aria-hidden="true"
        x={-6}
        y={-6}
        width={width + 12}
        height={NODE_HEIGHT + 12}
        rx={CARD_RADIUS + 6}
      />
      {hasChildren ? (
        <g
          className="mm-node__toggle"
          aria-hidden="true"
          transform={`translate(${width} ${NODE_HEIGHT / 2})`}
          onClick={(e) => {
            e.stopPropagation()
            onToggle(node.key)
          }}
        >
          <rect
            x={-toggleWidth / 2}
            y={-TOGGLE_RADIUS}
            width={toggleWidth}
            height={2 * TOGGLE_RADIUS}
            rx={TOGGLE_RADIUS}
            fill="#fff"
            stroke={style.stroke}
          />
          <text textAnchor="middle" dominantBaseline="central" fill={TEXT_COLOR}>
            {toggleLabel}
          </text>
        </g>
      ) : null}
    </g>
  )
})
