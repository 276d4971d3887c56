import { useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createQueryClient } from '@/data/queryClient'
import { AuthProvider } from '@/features/auth/AuthProvider'
import { OfflineLibrary } from '@/features/offline/OfflineLibrary'
import { SyncWhileSignedIn } from '@/features/sync/SyncWhileSignedIn'
import { ToastProvider } from '@/ui/toast/ToastProvider'

/** Everything a screen may rely on: server state, auth, toasts, and sync while someone is signed in. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <OfflineLibrary />
          <SyncWhileSignedIn />
          {children}
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
