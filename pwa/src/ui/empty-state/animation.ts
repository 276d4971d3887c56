/**
 * Pure facts about the empty-state animations, kept apart from the Rive
 * runtime so that importing them costs nothing.
 */
export type EmptyStateAnimation = 'no_summarise' | 'no_action'

/** Where each .riv file is served (pwa/public/animations, made by tools/rivegen). */
export function animationSrc(animation: EmptyStateAnimation): string {
  return `/animations/${animation}.riv`
}

/** The state machine tools/rivegen writes into every file; it loops the animation. */
export const STATE_MACHINE = 'State Machine 1'

/**
 * The spec clamps the animation player's device pixel ratio to 1–3: sharp on
 * retina screens without drawing 16× the pixels on a 4× phone.
 */
export function clampDevicePixelRatio(ratio: number | undefined): number {
  if (ratio === undefined || !Number.isFinite(ratio)) return 1
  return Math.min(3, Math.max(1, ratio))
}
