import { lazy, Suspense, useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'wouter'
import { isApiError } from '@/data/api/errors'
import { formatClock } from '@/data/time'
import { clipAudioQuery, sharedClipQuery, type SharedClip } from '@/data/sharedClip'
import { ClipError, ClipFrame, ClipLoading } from './ClipFrame'
import { ClipPlayer } from './ClipPlayer'
import { CLIP_AUDIO_UNAVAILABLE_TEXT, CLIP_NO_TOKEN, clipErrorText, clipRange } from './clipTexts'
import './clip.css'

/**
 * /shared/clip?token=…: one highlight of a recording, public, no sign-in
 * (ADR 24). Times are shown on the recording's timeline throughout: the
 * clip's range, each line and the player's position.
 */
export default function SharedClipPage() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim() ?? ''
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <ClipFrame>{token ? <ClipContent token={token} /> : <ClipError text={CLIP_NO_TOKEN} />}</ClipFrame>
    </>
  )
}

// Only protected links show the password form: it is not in the page's first download.
const PasswordGate = lazy(() => import('../PasswordGate'))

function ClipContent({ token }: { token: string }) {
  const query = useQuery(sharedClipQuery(token))
  if (query.isPending || (query.isError && query.isFetching)) return <ClipLoading label="Loading clip…" />
  if (query.isError && isApiError(query.error) && query.error.code === 'PASSWORD_REQUIRED') {
    return (
      <Suspense fallback={<ClipLoading label="Loading…" />}>
        <PasswordGate token={token} onUnlocked={() => void query.refetch()} />
      </Suspense>
    )
  }
  if (query.isError) {
    return <ClipError text={clipErrorText(query.error)} onRetry={() => void query.refetch()} />
  }
  return <Clip token={token} clip={query.data} />
}

function Clip({ token, clip }: { token: string; clip: SharedClip }) {
  const id = useId()
  const audio = useQuery(clipAudioQuery(token, clip.start))
  const title = clip.recordingTitle || 'Untitled recording'
  return (
    <article className="clip" aria-labelledby={`${id}-title`}>
      <header className="clip__header">
        <p className="clip__kicker">A clip from</p>
        <h1 id={`${id}-title`}>{title}</h1>
        <p className="clip__range">
          {clipRange(clip.start, clip.end)}
          {clip.speakers.length > 0 && <span className="clip__speakers"> · {clip.speakers.join(', ')}</span>}
        </p>
      </header>

      <section className="clip__audio" aria-label="Clip audio">
        {audio.isPending ? (
          <p role="status">Loading audio…</p>
        ) : audio.isError ? (
          <p role="alert">
            Could not load the audio.{' '}
            <button type="button" className="button button--link" onClick={() => void audio.refetch()}>
              Retry
            </button>
          </p>
        ) : audio.data.playable ? (
          <ClipPlayer src={audio.data.url} from={audio.data.from} start={clip.start} end={clip.end} />
        ) : (
          <p className="clip__muted">{CLIP_AUDIO_UNAVAILABLE_TEXT}</p>
        )}
        {clip.allowDownload && audio.data?.playable && (
          <a className="button" href={`${audio.data.url}?download=1`} download>
            Download clip
          </a>
        )}
      </section>

      <section className="clip__excerpt" aria-labelledby={`${id}-excerpt`}>
        <h2 id={`${id}-excerpt`}>Excerpt</h2>
        {clip.segments.length > 0 ? (
          <ol className="clip__segments">
            {clip.segments.map((s) => (
              <li key={`${s.start}-${s.end}-${s.speaker}`} className="clip__segment">
                <span className="clip__who">
                  <span className="clip__speaker">{s.speaker || 'Speaker'}</span>{' '}
                  <span className="clip__time">{formatClock(s.start)}</span>
                </span>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <blockquote className="clip__text">{clip.text}</blockquote>
        )}
      </section>
    </article>
  )
}
