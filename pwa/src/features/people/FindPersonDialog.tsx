import { useMemo, useState } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { candidatesQuery, peopleKeys } from '@/data/people'
import { renameSpeaker } from '@/data/sync/recordingEdits'
import { ModalDialog } from '@/ui/dialog/ModalDialog'
import { useToast } from '@/ui/toast/toastContext'
import { CandidateList, pickKey, type SpeakerPick } from './CandidateList'
import './find-person.css'

interface Props {
  /** The person to look for. */
  name: string
  /** The recording the finder was opened from: the person is named there already. */
  recordingId: string
  onClose: () => void
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * "Find <name> in other recordings": the owner's recordings with unnamed
 * speakers, a page at a time; ticking speakers and confirming names each of
 * them as the person. The renames go through the outbox, so once the list is
 * loaded this works offline too.
 */
export default function FindPersonDialog({ name, recordingId, onClose }: Props) {
  const query = useInfiniteQuery(candidatesQuery(name))
  const [picked, setPicked] = useState<Map<string, SpeakerPick>>(new Map())
  const toast = useToast()
  const queryClient = useQueryClient()
  const candidates = useMemo(
    // The server may not have heard of this recording's rename yet.
    () => (query.data?.pages ?? []).flatMap((p) => p.candidates).filter((c) => c.recording.id !== recordingId),
    [query.data, recordingId],
  )

  const toggle = (pick: SpeakerPick, on: boolean) =>
    setPicked((old) => {
      const next = new Map(old)
      if (on) next.set(pickKey(pick), pick)
      else next.delete(pickKey(pick))
      return next
    })
  const confirm = async () => {
    const picks = [...picked.values()]
    for (const p of picks) await renameSpeaker(p.recordingId, p.label, name)
    void queryClient.invalidateQueries({ queryKey: peopleKeys.list() })
    toast.success(`Named ${plural(picks.length, 'speaker', 'speakers')} as ${name}`)
    onClose()
  }

  return (
    <ModalDialog title={`Find ${name} in other recordings`} onClose={onClose} className="find-person" closeButton>
      <div className="find-person__body">
        {query.isPending ? (
          <p role="status">Looking through your recordings…</p>
        ) : query.isError && candidates.length === 0 ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : candidates.length === 0 ? (
          <p className="find-person__empty">No other recordings have an unnamed speaker who could be {name}.</p>
        ) : (
          <>
            <p className="find-person__hint">Tick each speaker who is {name}.</p>
            <CandidateList candidates={candidates} picked={new Set(picked.keys())} onToggle={toggle} />
            {query.isFetchNextPageError && <LoadError onRetry={() => void query.fetchNextPage()} />}
            {query.hasNextPage && !query.isFetchNextPageError && (
              <button
                type="button"
                className="button button--secondary find-person__more"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </>
        )}
      </div>
      <div className="find-person__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button" disabled={picked.size === 0} onClick={() => void confirm()}>
          Name {plural(picked.size, 'speaker', 'speakers')}
        </button>
      </div>
    </ModalDialog>
  )
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="find-person__error">
      <p>Couldn’t load your recordings. Check your connection and try again.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
