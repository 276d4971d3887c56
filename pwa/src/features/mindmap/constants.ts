/** Mind map constants of spec §9; every layout and viewer rule reads them from here. */
export const ZOOM_MIN = 0.1
export const ZOOM_MAX = 2
export const ZOOM_STEP = 0.2
export const PAN_STEP = 250

/** Distance between the left edges of two adjacent columns (depth levels). */
export const HORIZONTAL_SPACING = 420
export const NODE_MIN_WIDTH = 280
export const NODE_MAX_WIDTH = 300
export const NODE_HEIGHT = 100
/**
 * Smallest distance between the tops of two nodes stacked in one column. Read
 * as a pitch, like the horizontal spacing: 120 leaves 20 px between 100 px
 * cards, which keeps siblings visibly grouped.
 */
export const MIN_VERTICAL_GAP = 120
export const EDGE_STROKE = 1.5
export const CORNER_RADIUS = 60
export const MIN_CANVAS = 300

/** Clear space between two clusters laid side by side (twice the clear space between columns). */
export const CLUSTER_GAP = 2 * (HORIZONTAL_SPACING - NODE_MAX_WIDTH)
/** Margin of the light panel drawn behind each cluster. */
export const CLUSTER_PADDING = 40

/** Node text: at most three lines, ellipsis on the last. */
export const TITLE_MAX_LINES = 3
export const TITLE_FONT_SIZE = 15
export const TITLE_LINE_HEIGHT = 20
export const TITLE_FONT_WEIGHT = 600
export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
/** The text's inset from a card's edges. */
export const TEXT_INSET_X = 22
