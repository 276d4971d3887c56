import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { recordingKeys } from '@/data/recordings'
import {
  createShareLink,
  highlightRangesQuery,
  revokeShareLink,
  shareLinksQuery,
  type NewShareLink,
} from '@/data/shareLinks'

/** The owner's share links of one recording: list, create, revoke. */
export function useShareLinks(recordingId: string) {
  const queryClient = useQueryClient()
  const links = useQuery(shareLinksQuery(recordingId))
  // Clips are listed by their highlight's id: its range is read only when there is one to name.
  const hasClips = links.data?.some((l) => l.highlightId) ?? false
  const clipRanges = useQuery({ ...highlightRangesQuery(recordingId), enabled: hasClips })
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordingKeys.shares(recordingId) })
  const create = useMutation({
    mutationFn: (settings: NewShareLink) => createShareLink(recordingId, settings),
    onSuccess: refresh,
  })
  const revoke = useMutation({
    mutationFn: (id: string) => revokeShareLink(id),
    onSuccess: refresh,
  })
  return { links, clipRanges: clipRanges.data, create, revoke }
}
