import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { digestQuery, type Digest } from '@/data/digest'
import { DigestSettingsForm } from './DigestSettingsForm'
import { LoadFailed } from '@/ui/LoadFailed'

/** The Digest page: what is new since the last digest, and the digest's settings. */
export default function DigestPage() {
  const digest = useQuery(digestQuery())
  return (
    <main className="digest-page" aria-labelledby="digest-title">
      <h1 id="digest-title">Digest</h1>
      <section aria-labelledby="digest-now" aria-busy={digest.isFetching}>
        <h2 id="digest-now">Since your last digest</h2>
        {digest.data ? (
          <DigestContent digest={digest.data} />
        ) : digest.isError ? (
          <LoadFailed message="Your digest could not be loaded." onRetry={() => void digest.refetch()} />
        ) : (
          <p role="status">Loading your digest…</p>
        )}
      </section>
      <DigestSettingsForm />
    </main>
  )
}

function DigestContent({ digest }: { digest: Digest }) {
  if (digest.recordings.length === 0 && digest.actionItems.length === 0) {
    return <p>Nothing new since your last digest</p>
  }
  return (
    <>
      {digest.recordings.length > 0 && (
        <>
          <h3>New recordings</h3>
          <ul className="digest-page__list">
            {digest.recordings.map((r) => (
              <li key={r.id}>
                <Link href={`/recordings/${encodeURIComponent(r.id)}`}>{r.title}</Link>
                {r.summary && <p className="digest-page__line">{r.summary}</p>}
              </li>
            ))}
          </ul>
          {digest.more > 0 && <p>And more: see the full list in Recordings.</p>}
        </>
      )}
      {digest.actionItems.length > 0 && (
        <>
          <h3>Open action items</h3>
          <ul className="digest-page__list">
            {digest.actionItems.map((a, i) => (
              <li key={`${a.recordingId}-${i}`}>
                {a.title} <span className="digest-page__from">({a.recordingTitle})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
