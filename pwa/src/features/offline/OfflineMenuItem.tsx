import { DialogMenuItem } from '@/ui/DialogMenuItem'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { MENU_LABEL } from './texts'
import './offline.css'

// The dialog (and Dexie's live queries) load when first opened, not with the shell.
const OfflineDialog = loadWhenShown(() => import('./OfflineDialog').then((m) => m.OfflineDialog))

/** "Available offline" in the user menu: opens the dialog of what this device keeps. */
export function OfflineMenuItem() {
  return <DialogMenuItem label={MENU_LABEL} Dialog={OfflineDialog} className="offline-menu-item" />
}
