import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { SyncRefusalAlerts } from '@/features/sync/SyncRefusalAlerts'
import { SyncStatus } from '@/features/sync/SyncStatus'
import { useWideLayout } from '@/features/sync/useWideLayout'
import { PRODUCT_NAME } from '@/ui/brand'
import { Sidebar } from './Sidebar'
import './shell.css'

/**
 * Signed-in layout: a 280 px sidebar on large screens; on small ones the same
 * sidebar is a slide-in drawer behind a menu button (spec §2).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [pathname] = useLocation()
  // One sync status at a time: in the top bar on phones, in the sidebar beside the page.
  const wide = useWideLayout()
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  // Closing by hand gives focus back to the button that opened the drawer,
  // once the render has lifted `inert` from the top bar.
  const returnFocus = useRef(false)
  const closeDrawer = useCallback(() => {
    returnFocus.current = true
    setDrawerOpen(false)
  }, [])

  // A navigation closes the drawer, in the same render (React's way to follow a value).
  const [drawerPath, setDrawerPath] = useState(pathname)
  if (drawerPath !== pathname) {
    setDrawerPath(pathname)
    setDrawerOpen(false)
  }

  useEffect(() => {
    if (!drawerOpen) {
      if (returnFocus.current) menuButton.current?.focus()
      returnFocus.current = false
      return
    }
    closeButton.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeDrawer()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen, closeDrawer])

  return (
    <div className={`shell${drawerOpen ? ' shell--drawer-open' : ''}`}>
      <header className="shell__topbar" inert={drawerOpen}>
        <button
          ref={menuButton}
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <span className="shell__topbar-title">{PRODUCT_NAME}</span>
        {!wide && <SyncStatus />}
      </header>
      <aside id="app-sidebar" className="sidebar" aria-label="Sidebar">
        <button
          ref={closeButton}
          type="button"
          className="icon-button sidebar__close"
          aria-label="Close menu"
          onClick={closeDrawer}
        >
          ×
        </button>
        <Sidebar onNavigate={() => setDrawerOpen(false)} status={wide ? <SyncStatus /> : null} />
      </aside>
      {drawerOpen && <div className="shell__scrim" aria-hidden="true" onClick={closeDrawer} />}
      <main className="shell__main" inert={drawerOpen}>
        {children}
      </main>
      <SyncRefusalAlerts />
    </div>
  )
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
