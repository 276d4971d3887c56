import { useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PRODUCT_NAME } from '../brand'
import { Sidebar } from './Sidebar'
import './shell.css'

/**
 * Signed-in layout: a 280 px sidebar on large screens; on small ones the same
 * sidebar is a slide-in drawer behind a menu button (spec §2).
 */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const location = useLocation()

  useEffect(() => setDrawerOpen(false), [location.pathname])

  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  return (
    <div className={`shell${drawerOpen ? ' shell--drawer-open' : ''}`}>
      <header className="shell__topbar">
        <button
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
      </header>
      <aside id="app-sidebar" className="sidebar" aria-label="Sidebar">
        <button type="button" className="icon-button sidebar__close" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
          ×
        </button>
        <Sidebar onNavigate={() => setDrawerOpen(false)} />
      </aside>
      {drawerOpen && <div className="shell__scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
      <main className="shell__main">
        <Outlet />
      </main>
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
