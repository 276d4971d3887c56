import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { MARKETING_URL } from '@/ui/brand'
import { Logo } from '@/ui/Logo'
import { sharedRecordingQuery } from '@/data/share'
import { LoadErrorScreen, LoadingScreen } from '@/features/recording-view/LoadErrorScreen'
import { RecordingScreen } from '@/features/recording-view/RecordingScreen'
import { NO_TOKEN_SCREEN, shareErrorScreen } from './shareErrors'
import './share.css'

/**
 * /shared/recording?token=…: public, no sign-in. The share token alone
 * decides what is shown, even when the visitor is also signed in.
 */
export default function SharedRecordingPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  return (
    <div className="shared">
      {/* Share links are private by intent: no indexing, no Referer to the sites it links to. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className="shared__header">
        <Logo size={28} title="Pocket" />
        <a className="button" href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
          Get your Pocket
        </a>
      </header>
      <main className="shared__main">{token ? <SharedContent token={token} /> : <LoadErrorScreen text={NO_TOKEN_SCREEN} />}</main>
    </div>
  )
}

function SharedContent({ token }: { token: string }) {
  const query = useQuery(sharedRecordingQuery(token))
  if (query.isPending) return <LoadingScreen />
  if (query.isError) return <LoadErrorScreen text={shareErrorScreen(query.error)} onRetry={() => void query.refetch()} />
  return <RecordingScreen view={query.data} shareToken={token} />
}
