import { DialogMenuItem } from '@/ui/DialogMenuItem'
import { loadWhenShown } from '@/ui/loadWhenShown'
import { USAGE } from './usageTexts'

// The dialog loads when first opened, not with the shell.
const UsageDialog = loadWhenShown(() => import('./UsageDialog').then((m) => m.UsageDialog))

/** "Usage" in the user menu: each per-user limit as used of allowed, in a dialog. */
export function UsageMenuItem() {
  return <DialogMenuItem label={USAGE} Dialog={UsageDialog} />
}
