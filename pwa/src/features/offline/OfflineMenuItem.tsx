import { useState } from 'react'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { MENU_LABEL } from './texts'
import './offline.css'

// The dialog (and Dexie's live queries) load when first opened, not with the shell.
const OfflineDialog = loadWhenShown(() => import('./OfflineDialog').then((m) => m.OfflineDialog))

/** "Available offline" in the user menu: opens the dialog of what this device keeps. */
export function OfflineMenuItem() {
  const [open, setOpen] = useState(false)
  return (
    <li role="none">
      <button type="button" role="menuitem" className="user-menu__item offline-menu-item" onClick={() => setOpen(true)}>
        {MENU_LABEL}
      </button>
      {open && <OfflineDialog onClose={() => setOpen(false)} />}
    </li>
  )
}
