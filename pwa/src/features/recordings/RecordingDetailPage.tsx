import { Link, useParams } from 'react-router'

/** /recordings/{id}: placeholder until the detail screen's issue lands. */
export default function RecordingDetailPage() {
  const { id } = useParams()
  return (
    <section aria-labelledby="detail-title">
      <p>
        <Link to="/recordings">Back to recordings</Link>
      </p>
      <h1 id="detail-title">Recording</h1>
      <p>
        Recording <code>{id}</code>
      </p>
    </section>
  )
}
