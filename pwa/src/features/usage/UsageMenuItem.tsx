import { useState } from 'react'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { USAGE } from './usageTexts'

// The dialog loads when first opened, not with the shell.
const UsageDialog = loadWhenShown(() => import('./UsageDialog').then((m) => m.UsageDialog))

/** "Usage" in the user menu: each per-user limit as used of allowed, in a dialog. */
export function UsageMenuItem() {
  const [open, setOpen] = useState(false)
  return (
    <li role="none">
      <button type="button" role="menuitem" className="user-menu__item" onClick={() => setOpen(true)}>
        {USAGE}
      </button>
      {open && <UsageDialog onClose={() => setOpen(false)} />}
    </li>
  )
}
