import { useMemo } from 'react'
import { readMutation } from '@/data/sync/mutation'
import { useOutboxFor } from '@/data/sync/useOutbox'
import type { ShownConversation } from './questionQueue'
import type { UiMessage } from './uiMessage'

/**
 * Questions asked offline in the conversation shown, still in the outbox, as
 * user bubbles marked queued. They come from IndexedDB, so they survive a
 * reload; once the server has answered one it leaves the outbox and the
 * refetched history shows the real question and its answer instead. A
 * question queued without a conversation goes to the latest one.
 */
export function useQueuedQuestions(recordingId: string, shown: ShownConversation): UiMessage[] {
  const rows = useOutboxFor(recordingId)
  // Its two fields, not the object: a caller may hand a new object with the same conversation each render.
  const { sessionId, latest } = shown
  return useMemo(
    () =>
      (rows ?? []).flatMap((row): UiMessage[] => {
        const op = row.kind === 'question' ? readMutation(row)?.op : undefined
        if (op?.case !== 'askQuestion' || !inShown(op.value.sessionId, { sessionId, latest })) return []
        return [
          {
            id: `queued-${row.key}`,
            sessionId: '',
            role: 'user',
            content: op.value.message,
            error: row.status === 'failed' ? (row.error?.message ?? null) : null,
            sources: [],
            createdAt: new Date(row.createdAt).toISOString(),
            queued: row.status,
          },
        ]
      }),
    [rows, sessionId, latest],
  )
}

function inShown(sessionId: string, shown: ShownConversation): boolean {
  return sessionId === '' ? shown.latest : sessionId === shown.sessionId
}
