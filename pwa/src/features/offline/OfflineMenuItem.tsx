import { lazy, Suspense, useState } from 'react'
import { MENU_LABEL } from './texts'
import './offline.css'

// The dialog (and Dexie's live queries) load when first opened, not with the shell.
const OfflineDialog = lazy(() => import('./OfflineDialog').then((m) => ({ default: m.OfflineDialog })))

/** "Available offline" in the user menu: opens the dialog of what this device keeps. */
export function OfflineMenuItem() {
  const [open, setOpen] = useState(false)
  return (
    <li role="none">
      <button type="button" role="menuitem" className="user-menu__item offline-menu-item" onClick={() => setOpen(true)}>
        {MENU_LABEL}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OfflineDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </li>
  )
}
