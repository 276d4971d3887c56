/**
 * A small seeded PRNG (mulberry32): a trial draws everything it does from
 * one, so `CHAOS_SEED=N` replays the same edits and the same faults in the
 * same order and at the same offsets.
 */
export interface Rng {
  /** In [0, 1). */
  next(): number
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

export function seeded(seed: number): Rng {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1))
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    chance: (p) => next() < p,
  }
}
