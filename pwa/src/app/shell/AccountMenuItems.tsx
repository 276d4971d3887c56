import { SignOutEverywhereMenuItem } from '@/features/auth/SignOutEverywhereMenuItem'
import { BackupMenuItem } from '@/features/export/BackupMenuItem'
import { OfflineMenuItem } from '@/features/offline/OfflineMenuItem'
import { NotificationsMenuItem } from '@/features/push/NotificationsMenuItem'
import { AccessTokensMenuItem } from '@/features/tokens/AccessTokensMenuItem'
import { UsageMenuItem } from '@/features/usage/UsageMenuItem'
import { WebhooksMenuItem } from '@/features/webhooks/WebhooksMenuItem'

/**
 * The account menu's items above Logout; onOpen closes the menu and goes to a
 * page (the digest, the summary templates). A chunk of its own: the menu is
 * closed when a screen first draws, so the items (and what they import) load
 * after the first paint, or when the menu is first pointed at or opened.
 */
export default function AccountMenuItems({ onOpen }: { onOpen: (path: string) => void }) {
  return (
    <>
      <NotificationsMenuItem />
      <li role="none">
        <button type="button" role="menuitem" className="user-menu__item" onClick={() => onOpen('/digest')}>
          Digest
        </button>
      </li>
      <li role="none">
        <button type="button" role="menuitem" className="user-menu__item" onClick={() => onOpen('/highlights')}>
          Highlights
        </button>
      </li>
      <li role="none">
        <button type="button" role="menuitem" className="user-menu__item" onClick={() => onOpen('/templates')}>
          Summary templates
        </button>
      </li>
      <OfflineMenuItem />
      <BackupMenuItem />
      <UsageMenuItem />
      <AccessTokensMenuItem />
      <WebhooksMenuItem />
      <SignOutEverywhereMenuItem />
    </>
  )
}
