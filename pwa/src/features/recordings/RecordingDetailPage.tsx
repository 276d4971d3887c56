import { Link, useParams } from 'wouter'
import { ReleasePrerender } from '@/ui/ReleasePrerender'
import { decodedSegment } from '@/data/api/screenRequests'
import { LazyExportMenu } from '@/features/export/LazyExportMenu'
import { ShareButton } from '@/features/share/ShareButton'
import { NO_DATA_SCREEN } from '@/features/recording-view/errorScreens'
import { LoadErrorScreen, LoadingScreen } from '@/features/recording-view/LoadErrorScreen'
import { RecordingScreen } from '@/features/recording-view/RecordingScreen'
import { usePreloadOpeningTab } from '@/features/recording-view/tabCode'
import { OwnerEditsProvider } from '@/features/recording-view/edit/OwnerEditsProvider'
import { DeleteRecordingButton } from './detail/DeleteRecordingButton'
import { detailErrorScreen } from './detail/detailErrors'
import { FolderPicker } from './detail/FolderPicker'
import { FlagToggles } from './flags/FlagToggles'
import { useRecordingDetail } from './detail/useRecordingDetail'

/**
 * /recordings/{id}: the signed-in detail screen. A first visit may have
 * painted the recording from the HTML (recording-view.html, filled by the
 * server): that copy stays over the loading screen until the page has drawn
 * its own (see ui/prerenderHandoff): an error screen here, the recording in
 * RecordingScreen once it has its first tab's code.
 */
export default function RecordingDetailPage() {
  const id = decodedSegment(useParams<{ id: string }>().id ?? '')
  const state = useRecordingDetail(id)
  usePreloadOpeningTab()
  if (state.status === 'loading') return <LoadingScreen />
  return <DetailScreen state={state} />
}

function DetailScreen({ state }: { state: Exclude<ReturnType<typeof useRecordingDetail>, { status: 'loading' }> }) {
  switch (state.status) {
    case 'error':
    case 'no-data': {
      const text = state.status === 'error' ? detailErrorScreen(state.error) : NO_DATA_SCREEN
      return (
        <>
          <ReleasePrerender />
          <LoadErrorScreen text={text} onRetry={state.retry}>
            <Link to="/recordings" className="button">
              Back to recordings
            </Link>
          </LoadErrorScreen>
        </>
      )
    }
    case 'ready': {
      // A recording flagged shared belongs to someone else: only owners share.
      const owner = state.view.header.sharedFrom === null
      const id = state.view.id
      const actions = owner && (
        <>
          <FlagToggles recordingId={id} flags={state.flags} className="rec-header__flags" />
          <ShareButton recordingId={id} title={state.view.header.title} />
          <LazyExportMenu recordingId={id} />
          <DeleteRecordingButton recordingId={id} />
          <FolderPicker recordingId={id} />
        </>
      )
      const screen = <RecordingScreen view={state.view} backTo="/recordings" actions={actions || undefined} />
      // Someone else's recording (shared with the owner) is read-only. A change of
      // owner remounts the screen, so its hooks stay the same for its lifetime.
      return owner ? <OwnerEditsProvider>{screen}</OwnerEditsProvider> : screen
    }
  }
}
