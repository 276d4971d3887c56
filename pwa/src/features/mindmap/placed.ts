import { NODE_HEIGHT, NODE_MAX_WIDTH, NODE_MIN_WIDTH, TEXT_INSET_X } from './constants'
import { elbowPath } from './edges'
import { wrapTitle, type Measure } from './textWrap'
import type { TreeNode } from './tree'

/** Right inset of a card's text. */
const TEXT_INSET_RIGHT = 16
/** Average advance of the title font (15 px, weight 600), close enough to choose a card width. */
const AVERAGE_CHAR_WIDTH = 8.6

/**
 * Card width from the title's length: one-line titles get the minimum, longer
 * ones up to the maximum. An estimate on purpose: it only picks within 280–300,
 * and measuring real glyphs for every card (the canvas's first measureText
 * alone costs tens of ms) would slow the first paint of large maps.
 */
function nodeWidth(title: string): number {
  const wanted = Math.ceil(title.trim().length * AVERAGE_CHAR_WIDTH) + TEXT_INSET_X + TEXT_INSET_RIGHT
  return Math.min(NODE_MAX_WIDTH, Math.max(NODE_MIN_WIDTH, wanted))
}

/**
 * A card placed on the map. Classes with lazy getters rather than plain
 * objects: a large map draws only the cards and edges in view, so most titles
 * are never wrapped and most connector paths never built.
 */
export class PlacedNode {
  /** Top-left corner in map coordinates. */
  x: number
  y: number
  readonly width: number
  private wrapped: string[] | null = null

  constructor(
    readonly node: TreeNode,
    x: number,
    y: number,
    /** Children exist but are collapsed: how many nodes are hidden. */
    readonly hidden: number,
    /** Position among its siblings (1-based) and their number, for aria-posinset/setsize. */
    readonly posInSet: number,
    readonly setSize: number,
    private readonly measure: Measure,
  ) {
    this.x = x
    this.y = y
    this.width = nodeWidth(node.title)
  }

  /** The title wrapped for the card (≤ 3 lines, ellipsis), with real glyph widths. */
  get lines(): string[] {
    this.wrapped ??= wrapTitle(this.node.title, this.width - TEXT_INSET_X - TEXT_INSET_RIGHT, this.measure)
    return this.wrapped
  }
}

export class PlacedEdge {
  private path: string | null = null

  constructor(
    readonly from: PlacedNode,
    readonly to: PlacedNode,
  ) {}

  /** SVG path data of the elbow connector (read after the layout has finished moving cards). */
  get d(): string {
    const { from, to } = this
    this.path ??= elbowPath(from.x + from.width, from.y + NODE_HEIGHT / 2, to.x, to.y + NODE_HEIGHT / 2)
    return this.path
  }
}
