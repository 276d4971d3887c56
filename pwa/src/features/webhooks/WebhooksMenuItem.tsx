import { DialogMenuItem } from '@/ui/DialogMenuItem'
import { loadWhenShown } from '@/ui/loadWhenShown'

// The dialog loads when first opened, not with the shell; its stylesheet is
// the access tokens' (tokens.css), so opening either costs the shell no more.
const WebhooksDialog = loadWhenShown(() => import('./WebhooksDialog').then((m) => m.WebhooksDialog))

/** "Webhooks" in the user menu: the user's webhook endpoints, in a dialog. */
export function WebhooksMenuItem() {
  return <DialogMenuItem label="Webhooks" Dialog={WebhooksDialog} />
}
