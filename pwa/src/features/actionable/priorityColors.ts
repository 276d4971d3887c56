import type { Priority } from '@/data/normalize/actions'

/** Spec §9 priority colours: how the tab draws a priority, not part of the data. */
export const PRIORITY_COLORS: Readonly<Record<Priority, string>> = {
  CRITICAL: '#DC2626',
  HIGH: '#EAB308',
  MEDIUM: '#6B7280',
  LOW: '#9CA3AF',
}
