import { DialogMenuItem } from '@/ui/DialogMenuItem'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { SIGN_OUT_EVERYWHERE } from './signOutTexts'

// The dialog loads when first opened, not with the shell.
const SignOutEverywhereDialog = loadWhenShown(() =>
  import('./SignOutEverywhereDialog').then((m) => m.SignOutEverywhereDialog),
)

/** "Sign out of all devices" in the user menu: asks first, in a dialog. */
export function SignOutEverywhereMenuItem() {
  return <DialogMenuItem label={SIGN_OUT_EVERYWHERE} Dialog={SignOutEverywhereDialog} />
}
