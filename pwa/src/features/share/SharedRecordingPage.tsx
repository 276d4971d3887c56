import { useSearchParams } from 'react-router'
import { MARKETING_URL } from '@/app/brand'
import { Logo } from '@/app/Logo'
import './share.css'

/**
 * /shared/recording?token=…: public, no sign-in. Placeholder for the shared
 * view's own issue; the header link is the spec's.
 */
export default function SharedRecordingPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <div className="shared">
      <header className="shared__header">
        <Logo size={28} />
        <a className="button" href={MARKETING_URL} target="_blank" rel="noopener noreferrer">
          Get your Pocket
        </a>
      </header>
      <main className="shared__main">
        <h1>Shared recording</h1>
        {token ? <p>Loading the shared recording…</p> : <p role="alert">No share token provided</p>}
      </main>
    </div>
  )
}
