import { Link } from 'wouter'

export function NotFound() {
  return (
    <main className="not-found">
      <h1>404 - Page Not Found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link to="/recordings">Go to recordings</Link>
    </main>
  )
}
