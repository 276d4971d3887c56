import { useEffect } from 'react'
import { OfflineLibrary } from '@/features/offline/OfflineLibrary'
import { SyncWhileSignedIn } from '@/features/sync/SyncWhileSignedIn'
import { whenPageSettled } from '@/data/offline/settled'
import { rememberTimeZone } from './zoneCookie'

/** What runs in the background for a signed-in user: sync, the offline library, the time zone for the server's pages. Renders nothing. */
export default function SignedInServices() {
  useEffect(() => void whenPageSettled().then(() => rememberTimeZone()), [])
  return (
    <>
      <OfflineLibrary />
      <SyncWhileSignedIn />
    </>
  )
}
