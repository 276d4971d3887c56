import { onTestFinished } from 'vitest'

// The app's tsconfig has no Node types: the one Node global used here, typed by hand.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env

/** The zone the test started in; null while no test has changed it. */
let original: string | undefined | null = null

/**
 * Puts the reader in an IANA time zone until the test ends: Node applies a
 * new TZ at once, so the app's Date getters and Intl read it as a browser's
 * own zone.
 */
export function setReadersZone(zone: string): void {
  if (original === null) {
    original = env.TZ
    onTestFinished(restore)
  }
  env.TZ = zone
}

function restore(): void {
  if (original === undefined) delete env.TZ
  else if (original !== null) env.TZ = original
  original = null
}
