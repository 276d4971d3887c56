import { useLocation } from 'wouter'

/** "Digest" in the user menu: opens the Digest page. */
export function DigestMenuItem() {
  const [, navigate] = useLocation()
  return (
    <li role="none">
      <button type="button" role="menuitem" className="user-menu__item" onClick={() => navigate('/digest')}>
        Digest
      </button>
    </li>
  )
}
