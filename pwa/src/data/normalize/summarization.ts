import { asObject, unwrap, type LooseObject } from './loose'

/**
 * A summarization as stored (spec §3): a loose object read further by the
 * summary, action-item and mind-map normalisers. Guaranteed to be an object;
 * its `v2` member, when present as a JSON string, is decoded to an object so
 * readers can look inside it (`v2.summary`, `v2.actionItems`, `v2.mindMap`, …).
 */
export type Summarization = Record<string, unknown>

/**
 * The summarization a screen shows. The detail response holds a map keyed by
 * id and the spec uses only the first one; "first" is the first member in
 * document order whose value is not null (JavaScript keeps string keys in
 * insertion order, i.e. JSON order, except integer-like keys, which the
 * server never generates). An array (seen in some exports) yields its first
 * object element. Each value may itself be a JSON string.
 */
export function firstSummarization(summarizations: unknown): Summarization | null {
  const v = unwrap(summarizations)
  const candidates = Array.isArray(v) ? v : asObject(v) ? Object.values(v as LooseObject) : []
  for (const candidate of candidates) {
    if (candidate === null || candidate === undefined) continue
    const s = toSummarization(candidate)
    if (s) return s
  }
  return null
}

/**
 * One summarization value (an object or its JSON string), as the shared view's
 * `summarization` field holds it. Returns null for anything that is not an
 * object.
 */
export function toSummarization(value: unknown): Summarization | null {
  const obj = asObject(value)
  if (!obj) return null
  const v2 = asObject(obj.v2)
  return v2 && v2 !== obj.v2 ? { ...obj, v2 } : obj
}

/**
 * The v2 object's member `key` (the newest export format nests everything
 * under `v2`: summary, actionItems, mindMap, speakerMindMap, contextMindMap,
 * clusterMindMap). Undefined when there is no v2 object or no such member.
 */
export function v2Field(summarization: Summarization, key: string): unknown {
  const v2 = asObject(summarization.v2)
  return v2 ? v2[key] : undefined
}
