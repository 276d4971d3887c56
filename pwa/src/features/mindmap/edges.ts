import { CORNER_RADIUS, HORIZONTAL_SPACING, NODE_MAX_WIDTH } from './constants'

/** Where a connector turns: halfway through the clear space in front of the child's column. */
export const ELBOW_OFFSET = (HORIZONTAL_SPACING - NODE_MAX_WIDTH) / 2

const r2 = (v: number) => Math.round(v * 100) / 100

/**
 * Elbow connector from a parent's right edge (px, py) to a child's left edge
 * (cx, cy): out horizontally, a rounded turn, vertical, a rounded turn, in.
 * Corners use CORNER_RADIUS, shrunk when the vertical distance is too short
 * for two full corners. Every connector into one column turns at the same x,
 * so connectors of different parents can only meet if their subtrees overlap,
 * which the layout never allows.
 */
export function elbowPath(px: number, py: number, cx: number, cy: number): string {
  const turnX = cx - ELBOW_OFFSET
  const dy = cy - py
  if (Math.abs(dy) < 0.5) return `M${r2(px)} ${r2(py)}H${r2(cx)}`
  const r = Math.min(CORNER_RADIUS, Math.abs(dy) / 2, turnX - px, cx - turnX)
  const down = dy > 0 ? 1 : -1
  // Sweep flag: turning down from heading right is clockwise (1); up is anticlockwise (0).
  const first = down > 0 ? 1 : 0
  const second = 1 - first
  return (
    `M${r2(px)} ${r2(py)}H${r2(turnX - r)}` +
    `A${r2(r)} ${r2(r)} 0 0 ${first} ${r2(turnX)} ${r2(py + down * r)}` +
    `V${r2(cy - down * r)}` +
    `A${r2(r)} ${r2(r)} 0 0 ${second} ${r2(turnX + r)} ${r2(cy)}` +
    `H${r2(cx)}`
  )
}
