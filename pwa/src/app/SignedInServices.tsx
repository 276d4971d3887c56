import { OfflineLibrary } from '@/features/offline/OfflineLibrary'
import { SyncWhileSignedIn } from '@/features/sync/SyncWhileSignedIn'

/** What runs in the background for a signed-in user: sync and the offline library. Renders nothing. */
export default function SignedInServices() {
  return (
    <>
      <OfflineLibrary />
      <SyncWhileSignedIn />
    </>
  )
}
