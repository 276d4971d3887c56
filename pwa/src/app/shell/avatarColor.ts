/**
 * Avatar colours (spec §2): a stable colour per name, picked by a string hash
 * over 15 colours. All 15 keep white initials at WCAG AA contrast (≥ 4.5:1).
 */
export const AVATAR_COLORS = [
  '#b91c1c', // red
  '#c2410c', // orange
  '#a16207', // amber
  '#4d7c0f', // lime
  '#15803d', // green
  '#047857', // emerald
  '#0f766e', // teal
  '#0e7490', // cyan
  '#0369a1', // sky
  '#1d4ed8', // blue
  '#4338ca', // indigo
  '#6d28d9', // violet
  '#7e22ce', // purple
  '#a21caf', // fuchsia
  '#be185d', // pink
] as const

/** Java-style 32-bit string hash: cheap, stable across sessions and devices. */
export function hashString(value: string): number {
  let hash = 0
  for (let i = 0; i < value.length; i++) {
    hash = (hash << 5) - hash + value.charCodeAt(i)
    hash |= 0
  }
  return hash
}

export function avatarColor(name: string): string {
  return AVATAR_COLORS[Math.abs(hashString(name)) % AVATAR_COLORS.length] as string
}

/** First letter of the display name, else of the e-mail; '?' when neither exists. */
export function avatarInitial(name: string | null | undefined): string {
  const first = [...(name ?? '').trim()][0]
  return first ? first.toLocaleUpperCase() : '?'
}

/** What the user menu calls the user: display name, else e-mail. */
export function userLabel(user: { displayName: string | null; email: string | null } | null): string {
  return user?.displayName?.trim() || user?.email?.trim() || ''
}
