import { vi } from 'vitest'
import type { PocketDB } from '@/data/db'

/** Runs fn and answers the tables of every transaction it opened on db, by name. */
export async function transactionScopes(db: PocketDB, fn: () => Promise<unknown>): Promise<string[][]> {
  const scopes: string[][] = []
  const original = db.transaction.bind(db) as (...args: unknown[]) => unknown
  const spy = vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
    const tables = args.find(Array.isArray) as Array<{ name: string }> | undefined
    if (tables) scopes.push(tables.map((t) => t.name))
    return original(...args)
  }) as typeof db.transaction)
  try {
    await fn()
  } finally {
    spy.mockRestore()
  }
  return scopes
}
