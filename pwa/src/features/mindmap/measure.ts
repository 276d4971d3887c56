import { createMeasure, type Measure } from './textWrap'

let shared: Measure | null = null

/** One title measure for the app: its per-character cache then serves every map opened. */
export function titleMeasure(): Measure {
  shared ??= createMeasure()
  return shared
}
