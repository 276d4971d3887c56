/** How many of the newest recordings this device keeps readable offline. */
export type OfflineBudget = 25 | 50 | 100 | 250 | 'all'

export const BUDGET_CHOICES: readonly OfflineBudget[] = [25, 50, 100, 250, 'all']
export const DEFAULT_BUDGET: OfflineBudget = 50

// localStorage, not the Dexie meta table: it is a setting of this device,
// and sign-out clears IndexedDB but should not forget how much room to use.
const KEY = 'pocket.offline.budget'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null // storage disabled (some private modes)
  }
}

export function readBudget(): OfflineBudget {
  const raw = storage()?.getItem(KEY)
  const found = BUDGET_CHOICES.find((choice) => String(choice) === raw)
  return found ?? DEFAULT_BUDGET
}

export function writeBudget(budget: OfflineBudget): void {
  storage()?.setItem(KEY, String(budget))
}

/** The budget as a count of recordings. */
export function budgetLimit(budget: OfflineBudget): number {
  return budget === 'all' ? Number.POSITIVE_INFINITY : budget
}
