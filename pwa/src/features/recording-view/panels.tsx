import type { RecordingView } from '@/data/normalize/detail'
import { AskPocket } from '@/features/chat/AskPocket'

/** Ask Pocket in the detail screen: the chat feature, with the recording and any share token. */
export function AskPocketPanel(props: {
  view: RecordingView
  shareToken?: string
  onShowSource?: (start: number) => void
  queueOffline?: boolean
}) {
  return (
    <AskPocket
      recordingId={props.view.id}
      shareToken={props.shareToken}
      onShowSource={props.onShowSource}
      queueOffline={props.queueOffline}
    />
  )
}
