import { lazy, Suspense, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'wouter'
import { ReleasePrerender } from '@/ui/ReleasePrerender'
import { isApiError } from '@/data/api/errors'
import { sharedAudioUrl } from '@/data/audio'
import { PASSWORD_REQUIRED, sharedRecordingQuery } from '@/data/share'
import { LoadErrorScreen, LoadingScreen } from '@/features/recording-view/LoadErrorScreen'
import { RecordingScreen } from '@/features/recording-view/RecordingScreen'
import { usePreloadOpeningTab } from '@/features/recording-view/tabCode'
import { NO_TOKEN_SCREEN, shareErrorScreen } from './shareErrors'
import { SharedFrame } from './SharedFrame'

/**
 * /shared/recording?token=…: public, no sign-in. The share token alone
 * decides what is shown, even when the visitor is also signed in.
 */
export default function SharedRecordingPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  return (
    <>
      {/* Share links are private by intent: no indexing, no Referer to the sites it links to. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <SharedFrame>
        {token ? (
          <SharedContent token={token} />
        ) : (
          <Drawn>
            <LoadErrorScreen text={NO_TOKEN_SCREEN} />
          </Drawn>
        )}
      </SharedFrame>
    </>
  )
}

// Only protected links show the password form: it is not in the page's first download.
const PasswordGate = lazy(() => import('./PasswordGate'))

function SharedContent({ token }: { token: string }) {
  const query = useQuery(sharedRecordingQuery(token))
  usePreloadOpeningTab()
  if (query.isPending || (query.isError && query.isFetching)) return <LoadingScreen />
  if (query.isError && isApiError(query.error) && query.error.code === PASSWORD_REQUIRED) {
    return (
      <Drawn>
        <Suspense fallback={<LoadingScreen label="Loading…" />}>
          <PasswordGate token={token} onUnlocked={() => void query.refetch()} />
        </Suspense>
      </Drawn>
    )
  }
  if (query.isError) {
    return (
      <Drawn>
        <LoadErrorScreen text={shareErrorScreen(query.error)} onRetry={() => void query.refetch()} />
      </Drawn>
    )
  }
  // The screen lets the copy go itself, once it has the code of the tab it opens on.
  return (
    <RecordingScreen
      view={query.data.view}
      shareToken={token}
      actions={query.data.allowDownload && query.data.view.audio ? <DownloadAudio token={token} /> : undefined}
    />
  )
}

/**
 * The page's own content is drawn: the copy the server painted from the HTML
 * (shared-view.html, see ui/prerenderHandoff) goes. Until then it stays over
 * the loading screen.
 */
function Drawn({ children }: { children: ReactNode }) {
  return (
    <>
      <ReleasePrerender />
      {children}
    </>
  )
}

/** Offered only where the link allows it; the server refuses the download otherwise. */
function DownloadAudio({ token }: { token: string }) {
  return (
    <a className="button" href={`${sharedAudioUrl(token)}?download=1`} download>
      Download audio
    </a>
  )
}
