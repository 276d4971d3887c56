/**
 * The 8 transcript speaker colours (spec §9), picked for at least 4.5:1
 * contrast on the white surface so coloured names stay readable text.
 */
export const SPEAKER_COLORS: readonly string[] = [
  '#4338CA', // indigo
  '#B45309', // amber
  '#047857', // emerald
  '#BE185D', // pink
  '#0369A1', // sky
  '#7E22CE', // purple
  '#B91C1C', // red
  '#0F766E', // teal
]
