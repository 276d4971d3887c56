import { DialogMenuItem } from '@/ui/DialogMenuItem'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { ACCESS_TOKENS } from './label'

// The dialog loads when first opened, not with the shell.
const AccessTokensDialog = loadWhenShown(() => import('./AccessTokensDialog').then((m) => m.AccessTokensDialog))

/** "Access tokens" in the user menu: the user's personal access tokens, in a dialog. */
export function AccessTokensMenuItem() {
  return <DialogMenuItem label={ACCESS_TOKENS} Dialog={AccessTokensDialog} />
}
