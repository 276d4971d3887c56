/**
 * This browser's key for share-link conversations: each visitor of a link
 * gets their own Ask Pocket conversation instead of reading everyone else's.
 * It is random (128 bits), kept in localStorage so a reload continues the
 * conversation, and held in memory where storage is refused.
 */
const STORAGE_KEY = 'pocket.visitor'
let inMemory: string | null = null

export function visitorKey(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (stored && /^[A-Za-z0-9_-]{16,128}$/.test(stored)) return stored
    const made = randomKey()
    localStorage.setItem(STORAGE_KEY, made)
    return made
  } catch {
    inMemory ??= randomKey()
    return inMemory
  }
}

function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}
