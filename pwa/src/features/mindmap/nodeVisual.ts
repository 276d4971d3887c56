import { NODE_HEIGHT, TEXT_INSET_X, TITLE_LINE_HEIGHT } from './constants'
import type { PlacedEdge, PlacedNode } from './layout'

/**
 * What a card looks like, shared by the on-screen SVG and the exported file so
 * both draw the same thing. The data's colour is an accent (bar, border, edge
 * and a light tint); text stays dark on the tint, which keeps a contrast of at
 * least 12:1 whatever the colour.
 */
export const CARD_RADIUS = 14
export const TEXT_COLOR = '#0f172a'
export const CLUSTER_FILL = '#f1f5f9'
export const TOGGLE_RADIUS = 13

interface CardStyle {
  fill: string
  stroke: string
  accent: string
}

/** `hex` mixed with white: `amount` 0 is white, 1 the colour. */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  const mix = (c: number) => Math.round(255 + (c - 255) * amount)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix)
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`
}

export function cardStyle(p: PlacedNode): CardStyle {
  const root = p.node.depth === 0
  return { fill: tint(p.node.color, root ? 0.22 : 0.1), stroke: tint(p.node.color, 0.7), accent: p.node.color }
}

/** Baseline-centred y of each title line, so one to three lines sit in the card's middle. */
export function lineYs(count: number): number[] {
  return Array.from({ length: count }, (_, i) => NODE_HEIGHT / 2 + (i - (count - 1) / 2) * TITLE_LINE_HEIGHT)
}

export const TEXT_X = TEXT_INSET_X
export const ACCENT = { x: 9, y: 16, width: 5, height: NODE_HEIGHT - 32, radius: 2.5 }

/** Edges grouped by colour: one <path> per colour instead of one per edge keeps big maps cheap to draw. */
export function edgePaths(edges: readonly PlacedEdge[]): { color: string; d: string }[] {
  const byColor = new Map<string, string[]>()
  for (const e of edges) {
    const list = byColor.get(e.to.node.color)
    if (list) list.push(e.d)
    else byColor.set(e.to.node.color, [e.d])
  }
  return [...byColor].map(([color, ds]) => ({ color, d: ds.join('') }))
}

/** Cards as plain rectangles grouped by colour, for the zoomed-out overview of large maps. */
export function overviewPaths(nodes: readonly PlacedNode[]): { color: string; d: string }[] {
  const byColor = new Map<string, string[]>()
  for (const p of nodes) {
    const d = `M${p.x} ${p.y}h${p.width}v${NODE_HEIGHT}h${-p.width}z`
    const list = byColor.get(p.node.color)
    if (list) list.push(d)
    else byColor.set(p.node.color, [d])
  }
  return [...byColor].map(([color, ds]) => ({ color, d: ds.join('') }))
}
