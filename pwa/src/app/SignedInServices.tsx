import { OfflineLibrary } from '@/features/offline/OfflineLibrary'
import { SyncWhileSignedIn } from '@/features/sync/SyncWhileSignedIn'
import { useRememberTimeZoneWhenHidden } from './zoneCookie'

/** What runs in the background for a signed-in user: sync, the offline library, the time zone for the server's pages. Renders nothing. */
export default function SignedInServices() {
  useRememberTimeZoneWhenHidden()
  return (
    <>
      <OfflineLibrary />
      <SyncWhileSignedIn />
    </>
  )
}
