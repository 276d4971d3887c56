/**
 * Helpers for the spec's loose data shapes (§3): values that may be objects or
 * JSON strings of objects, numbers that may be strings, fields under several
 * names. Mirrors the Go side (pkg/loose) so the app and the server read the
 * same data the same way.
 */

export type LooseObject = Record<string, unknown>

/**
 * Decodes a string that holds JSON text of an object or array (device uploads
 * and exports sometimes double-encode, so up to three levels are undone).
 * Anything else, including a string that is not valid JSON, is returned as is.
 */
export function unwrap(value: unknown): unknown {
  let cur: unknown = value
  for (let i = 0; i < 3 && typeof cur === 'string'; i++) {
    const t = cur.trim()
    if (!/^[{["]/.test(t)) break
    let parsed: unknown
    try {
      parsed = JSON.parse(t)
    } catch {
      break
    }
    if (typeof parsed !== 'string') return parsed
    cur = parsed
  }
  return value
}

export function isObject(value: unknown): value is LooseObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value as an object, decoding a JSON string first; null otherwise. */
export function asObject(value: unknown): LooseObject | null {
  const v = unwrap(value)
  return isObject(v) ? v : null
}

/** The value as an array, decoding a JSON string first; null otherwise. */
export function asArray(value: unknown): unknown[] | null {
  const v = unwrap(value)
  return Array.isArray(v) ? v : null
}

/** The first of `keys` whose value is neither undefined nor null. */
export function first(obj: LooseObject, ...keys: string[]): unknown {
  // An indexed loop: this runs per node of a large mind map, often before the JIT has warmed up.
  for (let i = 0; i < keys.length; i++) {
    const v = obj[keys[i]!]
    if (v !== undefined && v !== null) return v
  }
  return undefined
}

/** Text of a value that may be a string, number or boolean; '' otherwise. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'boolean') return String(value)
  return ''
}

/** A finite, non-negative number from a number or numeric string; else 0. */
export function seconds(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** True for true, 'true', 1 (flags arrive as JSON booleans, strings or numbers). */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && value.trim().toLowerCase() === 'true')
}
