import type { Priority } from '@/data/normalize/actions'
import { PRIORITY_COLORS } from './priorityColors'

const LABELS: Record<Priority, string> = { CRITICAL: 'Critical', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' }

/**
 * A priority as a coloured dot plus its name, so colour is never the only
 * signal. `compact` (sub-items) drops the pill outline to keep rows quiet.
 */
export function PriorityBadge({ priority, compact = false }: { priority: Priority; compact?: boolean }) {
  return (
    <span className={compact ? 'priority priority--compact' : 'priority'}>
      <span className="priority__dot" style={{ backgroundColor: PRIORITY_COLORS[priority] }} aria-hidden="true" />
      <span className="visually-hidden">Priority: </span>
      {LABELS[priority]}
    </span>
  )
}
