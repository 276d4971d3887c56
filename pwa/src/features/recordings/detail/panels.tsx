import { EmptyState } from '@/app/empty-state/EmptyState'
import type { RecordingView } from '@/data/normalize/detail'

/**
 * Stand-ins for the Mind map and Ask Pocket features, whose own issues
 * replace these components (same props): until then each shows its empty state.
 */
export function MindMapPanel({ view }: { view: RecordingView }) {
  void view
  return (
    <EmptyState
      animation="no_summarise"
      title="No Mind Map Available"
      description="Mind maps help visualize key concepts and relationships from your recordings."
    />
  )
}

export function AskPocketPanel({ view, shareToken }: { view: RecordingView; shareToken?: string }) {
  void view
  void shareToken
  return <EmptyState animation="no_summarise" />
}
