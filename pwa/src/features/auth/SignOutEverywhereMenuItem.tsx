import { useState } from 'react'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { SIGN_OUT_EVERYWHERE } from './signOutTexts'

// The dialog loads when first opened, not with the shell.
const SignOutEverywhereDialog = loadWhenShown(() => import('./SignOutEverywhereDialog').then((m) => m.SignOutEverywhereDialog))

/** "Sign out of all devices" in the user menu: asks first, in a dialog. */
export function SignOutEverywhereMenuItem() {
  const [open, setOpen] = useState(false)
  return (
    <li role="none">
      <button type="button" role="menuitem" className="user-menu__item" onClick={() => setOpen(true)}>
        {SIGN_OUT_EVERYWHERE}
      </button>
      {open && <SignOutEverywhereDialog onClose={() => setOpen(false)} />}
    </li>
  )
}
