import type { ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { BETA_BADGE, PRODUCT_NAME, TAGLINE } from '@/ui/brand'
import { Logo } from '@/ui/Logo'
import { FolderNav } from '@/features/folders/FolderNav'
import { UserMenu } from './UserMenu'

/** Product name, Web Beta badge, tagline, navigation, the sync status (when given) and the user menu. */
export function Sidebar({ onNavigate, status }: { onNavigate?: () => void; status?: ReactNode }) {
  const [pathname] = useLocation()
  const [params] = useSearchParams()
  // The whole library, not a folder of it: a folder's link is the current one then.
  const allRecordings = pathname === '/recordings' && !params.has('folder')
  return (
    <div className="sidebar__inner">
      <div className="sidebar__brand">
        <Logo size={36} />
        <div>
          <p className="sidebar__name">
            {PRODUCT_NAME} <span className="badge">{BETA_BADGE}</span>
          </p>
          <p className="sidebar__tagline">{TAGLINE}</p>
        </div>
      </div>
      <nav className="sidebar__nav" aria-label="Main">
        <Link to="/recordings" aria-current={allRecordings ? 'page' : undefined} onClick={onNavigate}>
          Recordings
        </Link>
        <FolderNav onNavigate={onNavigate} />
      </nav>
      {status}
      <UserMenu />
    </div>
  )
}
