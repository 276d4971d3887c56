// Test code runs under Node, though the app's types know no `process` (as in readersZone.ts).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env

/** How long a test's wait (findBy*, waitFor) may take: POCKET_TEST_WAIT_MS, or 5 s. */
export function testWaitMs(): number {
  const ms = Number(env.POCKET_TEST_WAIT_MS)
  return Number.isFinite(ms) && ms > 0 ? ms : 5000
}
