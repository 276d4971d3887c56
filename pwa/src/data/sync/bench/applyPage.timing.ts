/**
 * The bench of applying a pulled page: the old path against the new one, in
 * the same run, alternated so drift in the machine's load falls on both. Not
 * part of the unit tests; run it with
 *   BENCH=1 [BENCH_ROUNDS=5] npx vitest run --config pwa/vitest.config.ts --project bench
 */
import { describe, expect, it } from 'vitest'
import { before, now, timed } from './timedApply'

/** The bench's switches, from the shell (the app's tsconfig has no Node types). */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

describe('applying a pulled page', () => {
  it('times the old path against the new one', { timeout: 600_000 }, async () => {
    const rounds = Number(env.BENCH_ROUNDS ?? 5)
    const times = { before: [] as number[], now: [] as number[] }
    let changes = 0
    for (let i = 0; i < rounds; i++) {
      // Alternated, so drift in the machine's load falls on both.
      const a = await timed(before, 500)
      const b = await timed(now, 500)
      expect(b.tables).toEqual(a.tables)
      times.before.push(a.ms)
      times.now.push(b.ms)
      changes = a.changes
    }
    const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
    console.log(
      `page of ${changes} changes, ${rounds} rounds\n  before: ${fmt(times.before)}\n  now:    ${fmt(times.now)}`,
    )
  })
})
