import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { useAuth } from '@/features/auth/AuthContext'
import { whenPageSettled } from '@/data/offline/settled'
import { preloadableLazy } from '@/ui/preloadableLazy'
import { Avatar } from './Avatar'
import { userLabel } from './avatarColor'

const accountItems = preloadableLazy(() => import('./AccountMenuItems'))
const AccountItems = accountItems.Component
// A failed load is tried again when the menu opens (and fails into the error boundary then).
const preloadItems = () => void accountItems.preload().catch(() => {})

/** Avatar + display name (or e-mail); opens a menu with Logout. */
export function UserMenu() {
  const { user, logout } = useAuth()
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const label = userLabel(user)

  // The items come once the screen has settled, so an opened menu shows them at once.
  useEffect(() => void whenPageSettled().then(preloadItems), [])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const onLogout = async () => {
    setOpen(false)
    try {
      await logout()
    } catch {
      // Already logged by the auth context; the device is signed out anyway.
    }
    navigate('/login', { replace: true })
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from any of the menu's items closes it; the wrapper is never focused itself
    <div className="user-menu" ref={rootRef} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {open && (
        <ul className="user-menu__list" id={menuId} role="menu" aria-label="Account">
          <Suspense fallback={null}>
            <AccountItems
              onOpen={(path) => {
                setOpen(false)
                navigate(path)
              }}
            />
          </Suspense>
          <li role="none">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an opened menu puts focus on one of its items, as the ARIA menu pattern asks */}
            <button type="button" role="menuitem" className="user-menu__item" onClick={() => void onLogout()} autoFocus>
              Logout
            </button>
          </li>
        </ul>
      )}
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
      >
        <Avatar name={label} />
        <span className="user-menu__name">{label}</span>
      </button>
    </div>
  )
}
